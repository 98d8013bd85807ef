import type { Locale } from '#contract/locale';

/**
 * Transactional messages in both languages, kept on the server (the browser never needs them). Each message
 * has a subject, paragraphs, an optional button; `{name}`-style placeholders are filled and HTML-escaped.
 */
interface MessageText {
  subject: string;
  paragraphs: string[];
  button?: string;
  after?: string[];
}

type Catalog = Record<MailTemplate, MessageText> & {
  greeting: string;
  greetingNoName: string;
  linkFallback: string;
  footer: string;
};

export type MailTemplate =
  'verifyEmail' | 'changeEmail' | 'resetPassword' | 'passwordChanged' | 'existingAccount';

const fr: Catalog = {
  greeting: 'Bonjour {name},',
  greetingNoName: 'Bonjour,',
  linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  footer: 'Escale — trouvez et réservez votre espace de travail. Ce message est envoyé automatiquement.',
  verifyEmail: {
    subject: 'Confirmez votre adresse e-mail',
    paragraphs: [
      'Bienvenue sur Escale ! Pour confirmer votre adresse e-mail, cliquez sur le bouton ci-dessous.',
      'Ce lien est valable 24 heures.',
    ],
    button: 'Confirmer mon adresse',
    after: ["Si vous n'avez pas créé de compte sur Escale, ignorez ce message."],
  },
  changeEmail: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    paragraphs: [
      "Vous avez demandé à utiliser cette adresse pour votre compte Escale. Elle ne remplacera l'ancienne qu'une fois confirmée.",
      'Ce lien est valable 24 heures.',
    ],
    button: 'Confirmer cette adresse',
    after: ["Si vous n'êtes pas à l'origine de cette demande, ignorez ce message."],
  },
  resetPassword: {
    subject: 'Réinitialisez votre mot de passe',
    paragraphs: [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Escale.',
      "Ce lien est valable 1 heure et ne fonctionne qu'une seule fois. Une fois le mot de passe changé, vous serez déconnecté de tous vos appareils.",
    ],
    button: 'Choisir un nouveau mot de passe',
    after: ["Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé."],
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    paragraphs: [
      'Le mot de passe de votre compte Escale vient d’être modifié et vos sessions ont été fermées.',
      "Si ce n'est pas vous, réinitialisez-le immédiatement depuis la page de connexion.",
    ],
    button: 'Se connecter',
  },
  existingAccount: {
    subject: 'Vous avez déjà un compte Escale',
    paragraphs: [
      "Quelqu'un, peut-être vous, a essayé de créer un compte Escale avec cette adresse, qui en a déjà un.",
      'Vous pouvez vous connecter, ou réinitialiser votre mot de passe si vous l’avez oublié.',
    ],
    button: 'Se connecter',
  },
};

const en: Catalog = {
  greeting: 'Hello {name},',
  greetingNoName: 'Hello,',
  linkFallback: 'If the button does not work, copy this link into your browser:',
  footer: 'Escale — find and book your workspace. This message was sent automatically.',
  verifyEmail: {
    subject: 'Confirm your e-mail address',
    paragraphs: [
      'Welcome to Escale! To confirm your e-mail address, click the button below.',
      'This link is valid for 24 hours.',
    ],
    button: 'Confirm my address',
    after: ['If you did not create an Escale account, ignore this message.'],
  },
  changeEmail: {
    subject: 'Confirm your new e-mail address',
    paragraphs: [
      'You asked to use this address for your Escale account. It replaces the old one only once confirmed.',
      'This link is valid for 24 hours.',
    ],
    button: 'Confirm this address',
    after: ['If you did not ask for this, ignore this message.'],
  },
  resetPassword: {
    subject: 'Reset your password',
    paragraphs: [
      'You asked to reset the password of your Escale account.',
      'This link is valid for 1 hour and works only once. Once the password is changed, you are signed out on all your devices.',
    ],
    button: 'Choose a new password',
    after: ['If you did not ask for anything, ignore this message: your password stays the same.'],
  },
  passwordChanged: {
    subject: 'Your password was changed',
    paragraphs: [
      'The password of your Escale account has just been changed and your sessions were closed.',
      'If this was not you, reset it right away from the sign-in page.',
    ],
    button: 'Sign in',
  },
  existingAccount: {
    subject: 'You already have an Escale account',
    paragraphs: [
      'Someone, perhaps you, tried to create an Escale account with this address, which already has one.',
      'You can sign in, or reset your password if you forgot it.',
    ],
    button: 'Sign in',
  },
};

const catalogs: Record<Locale, Catalog> = { fr, en };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A message in the recipient's language, as HTML (inline styles, for mail clients) and plain text. */
export function renderMail(
  locale: Locale,
  template: MailTemplate,
  values: { name?: string | null; url: string },
): RenderedMail {
  const catalog = catalogs[locale];
  const message = catalog[template];
  const name = values.name?.trim();
  const greeting = name ? fill(catalog.greeting, { name }) : catalog.greetingNoName;
  const after = message.after ?? [];

  const text = [
    greeting,
    '',
    ...message.paragraphs.flatMap((p) => [p, '']),
    ...(message.button ? [`${message.button} : ${values.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '--',
    catalog.footer,
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const url = escapeHtml(values.url);
  const button = message.button
    ? `<p style="margin:24px 0"><a href="${url}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(message.button)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(catalog.linkFallback)}<br><a href="${url}" style="color:#4338ca;word-break:break-all">${url}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">Escale</p>
${paragraph(greeting)}
${message.paragraphs.map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(catalog.footer)}</p>
</div></body></html>`;

  return { subject: message.subject, html, text };
}
