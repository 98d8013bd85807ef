import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { log as rootLog, type Logger } from './log';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}

/**
 * Delivers one message. Only the e-mail jobs call it (server/platform/mail-jobs.ts): a feature queues a job
 * in its transaction, never sends itself (docs/decisions/019).
 */
export interface Mailer {
  /** Delivers now; rejects when the SMTP server refuses (the job is then retried). */
  send(message: MailMessage): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** The links of a message, as printed in the log when mail is written to files (so `npm start` works offline). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

function fileNameFor(to: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
}

/**
 * Sends through `SMTP_URL` when set; otherwise writes each message to `DATA_DIR/mail/<time>-<to>.eml` and
 * logs its links, so a developer without a mail server can still follow a confirmation link.
 */
export function createMailer(settings: MailSettings, logger: Logger = rootLog): Mailer {
  const smtp: Transporter | undefined = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : undefined;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(settings.dataDir, 'mail');

  async function send(message: MailMessage): Promise<void> {
    const envelope = { from: settings.mailFrom, ...message };
    if (smtp) {
      await smtp.sendMail(envelope);
      logger.info('mail sent', { to: message.to, subject: message.subject });
      return;
    }
    const info = (await files.sendMail(envelope)) as { message: Buffer };
    await mkdir(mailDir, { recursive: true });
    const file = path.join(mailDir, fileNameFor(message.to));
    await writeFile(file, info.message);
    logger.info('mail written to a file (no SMTP_URL)', {
      to: message.to,
      subject: message.subject,
      file,
      links: linksOf(message.text),
    });
  }

  return { send };
}
