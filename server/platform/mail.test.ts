import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer } from '../../tests/support/smtp-test-server';
import { createLogger } from './log';
import { createMailer, linksOf } from './mail';
import { renderMailContent } from './mail-layout';

describe('the mail layout', () => {
  const content = {
    subject: 'Sujet',
    greeting: 'Bonjour Zoé,',
    paragraphs: ['Premier paragraphe.'],
    details: [['Salle', 'Grande salle']] as Array<[string, string]>,
    action: { label: 'Voir', url: 'https://escale.test/r?a=1&b=2' },
  };

  it('writes HTML and text from one content, with the link in both', () => {
    for (const locale of ['fr', 'en'] as const) {
      const mail = renderMailContent(locale, content);
      expect(mail.html).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
      expect(mail.html).toContain('href="https://escale.test/r?a=1&amp;b=2"');
      expect(mail.text).toContain('https://escale.test/r?a=1&b=2');
    }
    expect(renderMailContent('fr', content).text).toContain('Salle : Grande salle');
    expect(renderMailContent('en', content).text).toContain('Salle: Grande salle');
    expect(renderMailContent('fr', content).text).toContain('Voir : https://escale.test/r?a=1&b=2');
  });

  it('escapes what people typed (a name, a space name) in the HTML', () => {
    const mail = renderMailContent('en', { ...content, greeting: 'Hello <img src=x onerror=alert(1)>,' });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('says where to turn a message off only when it may be turned off', () => {
    const optional = renderMailContent('fr', content, { preferencesUrl: 'https://escale.test/profile' });
    expect(optional.text).toContain('Choisir mes notifications : https://escale.test/profile');
    expect(optional.html).toContain('href="https://escale.test/profile"');
    expect(renderMailContent('fr', content).text).not.toContain('/profile');
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
    const mail = renderMailContent('fr', {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour Léa,',
      paragraphs: [],
      action: { label: 'Confirmer', url: 'http://localhost:3000/api/auth/verify-email?token=abc' },
    });
    await mailer.send({ to: 'lea@example.com', ...mail });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-lea@example\.com\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: lea@example.com');
    expect(lines.join('\n')).toContain('http://localhost:3000/api/auth/verify-email?token=abc');
  });

  it('with SMTP_URL, delivers to the SMTP server', async () => {
    const smtp = await startSmtpTestServer();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Escale <no-reply@escale.test>', dataDir });
      await mailer.send({
        to: 'sam@example.com',
        ...renderMailContent('en', {
          subject: 'Your password was changed',
          greeting: 'Hello,',
          paragraphs: [],
          action: { label: 'Sign in', url: 'https://x/login' },
        }),
      });
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
