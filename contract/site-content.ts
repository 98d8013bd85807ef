import { z } from 'zod';
import { defineCallable } from './callable';
import { ZText, ZUuid } from './input';
import { LOCALES } from './locale';

/**
 * The FAQ and the partners page, written by platform admins in both languages (docs/decisions/
 * 022-blog-and-admin-content.md). Answers and descriptions are Markdown, sanitised on the server. The
 * pages' own titles, lead texts and the FAQ's topic names stay in the `content` catalogs: they are the
 * page's frame, not its content. Field messages are keys of the `admin` namespace's `validation`.
 */

/** The FAQ's topics, in the page's order (their titles: `content:faq.topicTitles.<topic>`). */
export const FAQ_TOPICS = [
  'booking',
  'cancelling',
  'paying',
  'invoices',
  'formulas',
  'managers',
  'account',
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** The pictures a partners block may carry (lucide icons, drawn by the page). */
export const PARTNER_ICONS = ['network', 'landmark', 'building', 'handshake'] as const;
export type PartnerIcon = (typeof PARTNER_ICONS)[number];

export const MAX_CONTENT_BODY = 5_000;

const required = (max: number) => ZText.trim().min(1, 'required').max(max, 'too-long');
const ZPosition = z.number().int('position').min(0, 'position').max(9999, 'position');
const ZLocaleInput = { locale: z.enum(LOCALES).optional() };

export const ZFaqEntryInput = z.object({
  topic: z.enum(FAQ_TOPICS),
  position: ZPosition,
  published: z.boolean(),
  questionFr: required(300),
  answerFr: required(MAX_CONTENT_BODY),
  questionEn: required(300),
  answerEn: required(MAX_CONTENT_BODY),
});
export type TFaqEntryInput = z.infer<typeof ZFaqEntryInput>;

export const ZFaqEntry = ZFaqEntryInput.extend({ id: z.string() });
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

export const ZPartnerInput = z.object({
  icon: z.enum(PARTNER_ICONS),
  position: ZPosition,
  published: z.boolean(),
  nameFr: required(120),
  bodyFr: required(MAX_CONTENT_BODY),
  nameEn: required(120),
  bodyEn: required(MAX_CONTENT_BODY),
  websiteUrl: ZText.trim()
    .max(300, 'too-long')
    .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, 'website')
    .nullable(),
});
export type TPartnerInput = z.infer<typeof ZPartnerInput>;

export const ZPartner = ZPartnerInput.extend({ id: z.string() });
export type TPartner = z.infer<typeof ZPartner>;

// ——— Reading (everyone): published entries in one language, bodies as sanitised HTML ———

export const ZPublicFaqTopic = z.object({
  topic: z.enum(FAQ_TOPICS),
  entries: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      answerHtml: z.string(),
      /** The answer as plain text (structured data). */
      answerText: z.string(),
    }),
  ),
});
export type TPublicFaqTopic = z.infer<typeof ZPublicFaqTopic>;

export const getFaq = defineCallable({
  name: 'content.faq',
  input: z.object(ZLocaleInput),
  output: z.array(ZPublicFaqTopic),
  mutates: false,
  access: 'public',
});

export const ZPublicPartner = z.object({
  id: z.string(),
  icon: z.enum(PARTNER_ICONS),
  name: z.string(),
  bodyHtml: z.string(),
  websiteUrl: z.string().nullable(),
});
export type TPublicPartner = z.infer<typeof ZPublicPartner>;

export const getPartners = defineCallable({
  name: 'content.partners',
  input: z.object(ZLocaleInput),
  output: z.array(ZPublicPartner),
  mutates: false,
  access: 'public',
});

// ——— Writing (admins) ———

export const listFaqForAdmin = defineCallable({
  name: 'contentAdmin.listFaq',
  input: z.object({}),
  output: z.array(ZFaqEntry),
  mutates: false,
  access: 'admin',
});

export const createFaqEntry = defineCallable({
  name: 'contentAdmin.createFaqEntry',
  input: ZFaqEntryInput,
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const updateFaqEntry = defineCallable({
  name: 'contentAdmin.updateFaqEntry',
  input: z.object({ id: ZUuid, entry: ZFaqEntryInput }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const deleteFaqEntry = defineCallable({
  name: 'contentAdmin.deleteFaqEntry',
  input: z.object({ id: ZUuid }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const listPartnersForAdmin = defineCallable({
  name: 'contentAdmin.listPartners',
  input: z.object({}),
  output: z.array(ZPartner),
  mutates: false,
  access: 'admin',
});

export const createPartner = defineCallable({
  name: 'contentAdmin.createPartner',
  input: ZPartnerInput,
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const updatePartner = defineCallable({
  name: 'contentAdmin.updatePartner',
  input: z.object({ id: ZUuid, partner: ZPartnerInput }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const deletePartner = defineCallable({
  name: 'contentAdmin.deletePartner',
  input: z.object({ id: ZUuid }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});
