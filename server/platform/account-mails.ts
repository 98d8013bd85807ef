import { z } from 'zod';
import { LOCALES } from '#contract/locale';
import { greetingFor } from './mail-layout';
import { defineMail } from './mail-jobs';

/** The account's security messages, sent for better-auth (server/platform/auth.ts). */
export const ACCOUNT_MESSAGES = [
  'verifyEmail',
  'changeEmail',
  'resetPassword',
  'passwordChanged',
  'existingAccount',
] as const;
export type AccountMessage = (typeof ACCOUNT_MESSAGES)[number];

/** Messages about a link the reader may not have asked for: they end by saying to ignore it then. */
const ENDS_WITH_IGNORE = new Set<AccountMessage>(['verifyEmail', 'changeEmail', 'resetPassword']);

/**
 * One account message. The payload carries everything (address, name, language, link): the account may be
 * in better-auth's uncommitted sign-up when this is queued, so the job never needs to read it. Always sent.
 */
export const accountMailJob = defineMail({
  kind: 'account.mail',
  payload: z.object({
    message: z.enum(ACCOUNT_MESSAGES),
    to: z.email(),
    name: z.string().nullable(),
    locale: z.enum(LOCALES),
    url: z.url(),
  }),
  async compose(payload) {
    const { message, url } = payload;
    return {
      to: { email: payload.to, locale: payload.locale },
      category: 'transactional',
      write: (locale, t) => ({
        subject: t(`account.${message}.subject`),
        greeting: greetingFor(locale, payload.name),
        paragraphs: [t(`account.${message}.lead`), t(`account.${message}.detail`)],
        action: { label: t(`account.${message}.button`), url },
        closing: ENDS_WITH_IGNORE.has(message) ? [t(`account.${message}.ignore`)] : [],
      }),
    };
  },
});
