import os from 'node:os';
import path from 'node:path';
import { readMailDir, type ReceivedMail } from '../support/smtp-test-server';

/**
 * Browser tests' mail: the web server sends to a real SMTP server on loopback that the global setup starts
 * (tests/e2e/global-setup.ts); it writes each message as JSON into MAIL_DIR, read here. Per E2E_PORT, so
 * parallel runs never share a mailbox.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
export const SMTP_PORT = port + 1000;
export const MAIL_DIR = path.join(os.tmpdir(), `escale-e2e-${port}`, 'mail-received');

/** Waits for a message to `to` received after `since` (a `Date.now()` taken before the action). */
export async function waitForMail(
  to: string,
  { since = 0, timeoutMs = 15_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailDir(MAIL_DIR).find((mail) => mail.to.includes(to) && mail.receivedAt >= since);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a message whose URL contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = mail.links.find((candidate) => candidate.includes(part));
  if (!link) throw new Error(`no link containing ${part} in "${mail.subject}"`);
  return link;
}
