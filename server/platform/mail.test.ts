import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer } from '../../tests/support/smtp-test-server';
import { createLogger } from './log';
import { createMailer, linksOf } from './mail';
import { renderMail } from './mail-templates';

describe('renderMail', () => {
  it('writes each message in both languages, HTML and text, with the link in both', () => {
    for (const locale of ['fr', 'en'] as const) {
      const mail = renderMail(locale, 'resetPassword', { name: 'Zoé', url: 'https://escale.test/r?a=1&b=2' });
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toContain('href="https://escale.test/r?a=1&amp;b=2"');
      expect(mail.text).toContain('https://escale.test/r?a=1&b=2');
    }
    expect(renderMail('fr', 'resetPassword', { url: 'x' }).text).toContain('valable 1 heure');
    expect(renderMail('en', 'resetPassword', { url: 'x' }).text).toContain('valid for 1 hour');
  });

  it('escapes what the person typed (their name) in the HTML', () => {
    const mail = renderMail('en', 'verifyEmail', { name: '<img src=x onerror=alert(1)>', url: 'https://x' });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('createMailer', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('without SMTP_URL, writes the message to DATA_DIR/mail and logs its links', async () => {
    const lines: string[] = [];
    const logger = {
      ...createLogger(),
      info: (message: string, fields?: unknown) => void lines.push(`${message} ${JSON.stringify(fields)}`),
    };
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Escale <no-reply@escale.test>', dataDir },
      logger,
    );
    const mail = renderMail('fr', 'verifyEmail', {
      name: 'Léa',
      url: 'http://localhost:3000/api/auth/verify-email?token=abc',
    });
    await mailer.send({ to: 'lea@example.com', ...mail });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-lea@example\.com\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: lea@example.com');
    expect(lines.join('\n')).toContain('http://localhost:3000/api/auth/verify-email?token=abc');
  });

  it('with SMTP_URL, delivers to the SMTP server, in the background when asked', async () => {
    const smtp = await startSmtpTestServer();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Escale <no-reply@escale.test>', dataDir });
      mailer.sendInBackground({
        to: 'sam@example.com',
        ...renderMail('en', 'passwordChanged', { url: 'https://x/login' }),
      });
      await mailer.idle();
      const received = await smtp.waitForMail('sam@example.com');
      expect(received.subject).toBe('Your password was changed');
      expect(received.links).toContain('https://x/login');
    } finally {
      await smtp.close();
    }
  });

  it('finds links in text', () => {
    expect(linksOf('see https://a.test/x?y=1 and http://b.test.')).toEqual([
      'https://a.test/x?y=1',
      'http://b.test.',
    ]);
  });
});
