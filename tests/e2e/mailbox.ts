import { readMailDir, type ReceivedMail } from '../support/smtp-test-server';
import { currentLane } from './lanes';

/**
 * Browser tests' mail: each lane's web server sends to its own real SMTP server on loopback, started by the
 * global setup (tests/e2e/global-setup.ts), which writes each message as JSON into the lane's mail folder,
 * read here.
 */

/**
 * Waits for a message to `to` received after `since` (a `Date.now()` taken before the action), whose subject
 * matches `subject` when given: a demo account also gets the mail of the test before on its lane, which may
 * still be on its way.
 */
export async function waitForMail(
  to: string,
  { since = 0, subject, timeoutMs = 15_000 }: { since?: number; subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailDir(currentLane().mailDir).find(
      (mail) => mail.to.includes(to) && mail.receivedAt >= since && (!subject || subject.test(mail.subject)),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to}${subject ? ` (${subject})` : ''} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a message whose URL contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = mail.links.find((candidate) => candidate.includes(part));
  if (!link) throw new Error(`no link containing ${part} in "${mail.subject}"`);
  return link;
}
