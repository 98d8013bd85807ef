import { rmSync } from 'node:fs';
import { startSmtpTestServer } from '../support/smtp-test-server';
import { MAIL_DIR, SMTP_PORT } from './mailbox';

/** Once per run: the SMTP server the web server sends its mail to (see `SMTP_URL` in playwright.config.ts). */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const smtp = await startSmtpTestServer({ port: SMTP_PORT, dir: MAIL_DIR });
  return () => smtp.close();
}
