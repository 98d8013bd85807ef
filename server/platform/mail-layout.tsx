import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '#contract/locale';
import { mailTranslator } from './translations';

/**
 * What one e-mail says, whatever it is about: every message is written as this and rendered by the one
 * layout below, as HTML (React, inline styles for mail clients) and as plain text, in the reader's language.
 */
export interface MailContent {
  subject: string;
  /** "Bonjour Léa," (or without a name). */
  greeting: string;
  paragraphs: string[];
  /** Label and value rows: where, when, how much. */
  details?: Array<[string, string]>;
  /** Said after the details, before the button. */
  notes?: string[];
  action?: { label: string; url: string };
  /** Said after the button ("if you did not ask for this, ignore this message"). */
  closing?: string[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface LayoutOptions {
  /** Set for a message the reader may turn off: the footer says so and links to where (their /profile). */
  preferencesUrl?: string;
}

const BRAND = '#4f46e5';
const INK = '#1c1917';
const MUTED = '#57534e';

const styles = {
  body: {
    margin: 0,
    padding: '24px',
    background: '#f5f5f4',
    fontFamily: "system-ui,-apple-system,'Segoe UI',sans-serif",
    color: INK,
  },
  card: { maxWidth: '560px', margin: '0 auto', background: '#ffffff', borderRadius: '12px', padding: '32px' },
  brand: { margin: '0 0 24px', fontSize: '20px', fontWeight: 700, color: BRAND },
  paragraph: { margin: '0 0 16px', lineHeight: 1.5 },
  table: { borderCollapse: 'collapse', margin: '0 0 16px', fontSize: '15px' },
  label: {
    padding: '6px 12px 6px 0',
    color: MUTED,
    fontWeight: 500,
    verticalAlign: 'top',
    whiteSpace: 'nowrap',
    textAlign: 'left',
  },
  value: { padding: '6px 0' },
  buttonRow: { margin: '24px 0' },
  button: {
    background: BRAND,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '8px',
    textDecoration: 'none',
    fontWeight: 600,
    display: 'inline-block',
  },
  fallback: { margin: '0 0 16px', fontSize: '13px', color: MUTED },
  fallbackLink: { color: '#4338ca', wordBreak: 'break-all' },
  footer: { margin: '32px 0 0', fontSize: '12px', color: MUTED },
  footerLink: { color: MUTED },
} satisfies Record<string, CSSProperties>;

function MailDocument({
  locale,
  content,
  options,
}: {
  locale: Locale;
  content: MailContent;
  options: LayoutOptions;
}) {
  const t = mailTranslator(locale);
  const { action } = content;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={styles.body}>
        <div style={styles.card}>
          <p style={styles.brand}>Escale</p>
          <p style={styles.paragraph}>{content.greeting}</p>
          {content.paragraphs.map((paragraph, i) => (
            <p key={i} style={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          {content.details?.length ? (
            <table role="presentation" style={styles.table}>
              <tbody>
                {content.details.map(([label, value], i) => (
                  <tr key={i}>
                    <th scope="row" style={styles.label}>
                      {label}
                    </th>
                    <td style={styles.value}>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {content.notes?.map((note, i) => (
            <p key={i} style={styles.paragraph}>
              {note}
            </p>
          ))}
          {action ? (
            <>
              <p style={styles.buttonRow}>
                <a href={action.url} style={styles.button}>
                  {action.label}
                </a>
              </p>
              <p style={styles.fallback}>
                {t('layout.linkFallback')}
                <br />
                <a href={action.url} style={styles.fallbackLink}>
                  {action.url}
                </a>
              </p>
            </>
          ) : null}
          {content.closing?.map((paragraph, i) => (
            <p key={i} style={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          <p style={styles.footer}>
            {t('layout.footer')}
            {options.preferencesUrl ? (
              <>
                <br />
                {t('layout.preferences')}{' '}
                <a href={options.preferencesUrl} style={styles.footerLink}>
                  {t('layout.preferencesLink')}
                </a>
              </>
            ) : null}
          </p>
        </div>
      </body>
    </html>
  );
}

/** The same message as plain text: what a client without HTML shows, and what screen readers may prefer. */
function textOf(locale: Locale, content: MailContent, options: LayoutOptions): string {
  const t = mailTranslator(locale);
  const line = (label: string, value: string) => t('layout.labelValue', { label, value });
  const block = (lines: string[] | undefined) => (lines?.length ? [...lines.flatMap((l) => [l, ''])] : []);
  return [
    content.greeting,
    '',
    ...block(content.paragraphs),
    ...(content.details?.length ? [...content.details.map(([l, v]) => line(l, v)), ''] : []),
    ...block(content.notes),
    ...(content.action ? [line(content.action.label, content.action.url), ''] : []),
    ...block(content.closing),
    '--',
    t('layout.footer'),
    ...(options.preferencesUrl
      ? [`${t('layout.preferences')} ${line(t('layout.preferencesLink'), options.preferencesUrl)}`]
      : []),
  ].join('\n');
}

/** One message in its reader's language, HTML and text, from the one layout. */
export function renderMailContent(
  locale: Locale,
  content: MailContent,
  options: LayoutOptions = {},
): RenderedMail {
  const html = `<!doctype html>${renderToStaticMarkup(
    <MailDocument locale={locale} content={content} options={options} />,
  )}`;
  return { subject: content.subject, html, text: textOf(locale, content, options) };
}

/** "Bonjour Léa," or "Bonjour," when there is no name. */
export function greetingFor(locale: Locale, name: string | null | undefined): string {
  const t = mailTranslator(locale);
  const trimmed = name?.trim();
  return trimmed ? t('layout.greeting', { name: trimmed }) : t('layout.greetingNoName');
}
