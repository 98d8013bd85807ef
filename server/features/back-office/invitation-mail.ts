import type { Locale } from '#contract/locale';
import { escapeHtml } from '../../platform/mail-templates';

const TEXT: Record<
  Locale,
  { subject: string; body: string; manager: string; member: string; button: string; footer: string }
> = {
  fr: {
    subject: 'Invitation à rejoindre {space} sur Escale',
    body: '{inviter} vous invite à rejoindre {space} sur Escale en tant que {role}. Connectez-vous (ou créez votre compte) avec cette adresse e-mail, puis acceptez l’invitation dans « Mes espaces ».',
    manager: 'gérant',
    member: 'membre',
    button: 'Voir l’invitation',
    footer:
      'Escale — trouvez et réservez votre espace de travail. Si vous ne connaissez pas cet espace, ignorez ce message.',
  },
  en: {
    subject: 'Invitation to join {space} on Escale',
    body: '{inviter} invites you to join {space} on Escale as a {role}. Sign in (or create your account) with this e-mail address, then accept the invitation in “My spaces”.',
    manager: 'manager',
    member: 'member',
    button: 'See the invitation',
    footer: 'Escale — find and book your workspace. If you do not know this space, ignore this message.',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The e-mail inviting someone into a space's team, in their language, HTML and text. */
export function invitationMail(
  locale: Locale,
  values: { space: string; inviter: string; role: 'manager' | 'member'; url: string },
) {
  const text = TEXT[locale];
  const role = text[values.role];
  const subject = fill(text.subject, { space: values.space });
  const body = fill(text.body, { space: values.space, inviter: values.inviter, role });
  const url = escapeHtml(values.url);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">Escale</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${url}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(text.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563"><a href="${url}" style="color:#4338ca;word-break:break-all">${url}</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(text.footer)}</p>
</div></body></html>`;
  return { subject, html, text: `${body}\n\n${text.button} : ${values.url}\n\n--\n${text.footer}` };
}
