import { z } from './zod';
import { defineCallable } from './callable';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { pageFields, ZPage } from './pagination';
import { ZFileKey } from './storage';

/**
 * The community (/community, /ad/{id}; docs/decisions/023-community-directory-and-ads.md): an opt-in
 * directory of the members of the spaces one belongs to, ads ("annonces") posted by members to some of their
 * spaces, messages relayed by e-mail (no address is ever shown), and reports that managers decide on.
 * Field messages are keys of the `community` namespace (`errors.<message>`).
 */

// ——— The directory ———

/** What a member may choose to show in the directory, each on or off. */
export const DIRECTORY_FIELDS = ['name', 'avatar', 'company', 'jobTitle', 'skills', 'bio', 'links'] as const;
export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];
/** Shown once someone opts in, until they choose otherwise: only their name. */
export const DEFAULT_DIRECTORY_FIELDS: DirectoryField[] = ['name'];

export const COMMUNITY_LIMITS = {
  links: 5,
  link: 300,
  message: 2000,
  reason: 1000,
  adTitle: 120,
  adBody: 5000,
  query: 100,
  /** An ad lasts this many days unless its author chooses, and at most `adMaxDays`. */
  adDefaultDays: 30,
  adMaxDays: 90,
  adSpaces: 20,
  /** An ad image's alternative text (empty: the page describes it from the ad's title). */
  imageAlt: 200,
} as const;

/** Spam limits (server/features/community/community-limits.ts applies them): how many, over how long. */
export const COMMUNITY_RATES = {
  adsPerDay: 5,
  repliesPerHour: 10,
  contactsPerHour: 10,
  reportsPerHour: 20,
} as const;

export const DIRECTORY_PAGE_SIZE = 24;
export const AD_PAGE_SIZE = 20;

/** A web link: http(s) only, so a profile never carries a `javascript:` URL. */
export const ZProfileLink = ZText.trim()
  .max(COMMUNITY_LIMITS.link, 'tooLong')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'linkInvalid');

export const ZDirectorySettings = z.object({
  visible: z.boolean(),
  fields: z.array(z.enum(DIRECTORY_FIELDS)).transform((fields) => [...new Set(fields)]),
  links: z.array(ZProfileLink).max(COMMUNITY_LIMITS.links, 'tooManyLinks'),
});
export type TDirectorySettings = z.output<typeof ZDirectorySettings>;

/** The settings as their owner reads them: also whether a moderator hid the entry. */
export const ZDirectorySettingsView = ZDirectorySettings.extend({ hidden: z.boolean() });
export type TDirectorySettingsView = z.output<typeof ZDirectorySettingsView>;

/** A member as the directory shows them: only the fields they chose (others are null or empty). */
export const ZDirectoryMember = z.object({
  id: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  skills: z.array(z.string()),
  bio: z.string().nullable(),
  links: z.array(z.string()),
  /** The spaces the reader shares with them (names), so one knows where to meet. */
  spaces: z.array(z.string()),
});
export type TDirectoryMember = z.infer<typeof ZDirectoryMember>;

export const ZSpaceOption = z.object({ id: z.string(), name: z.string() });
export type TSpaceOption = z.infer<typeof ZSpaceOption>;

const ZQuery = ZText.trim().max(COMMUNITY_LIMITS.query, 'tooLong').optional();

export const getDirectorySettings = defineCallable({
  name: 'community.getDirectorySettings',
  input: z.object({}),
  output: ZDirectorySettingsView,
  mutates: false,
  access: 'signed-in',
});

/** Opts in or out of the directory and chooses what it shows; the caller's own entry only. */
export const updateDirectorySettings = defineCallable({
  name: 'community.updateDirectorySettings',
  input: ZDirectorySettings,
  output: ZDirectorySettingsView,
  mutates: true,
  access: 'signed-in',
});

export const searchDirectory = defineCallable({
  name: 'community.searchDirectory',
  input: z.object({ q: ZQuery, spaceId: ZUuid.optional(), page: ZPage }),
  output: z.object({
    members: z.array(ZDirectoryMember),
    ...pageFields,
    /** The spaces the caller belongs to, for the filter. */
    spaces: z.array(ZSpaceOption),
  }),
  mutates: false,
  access: 'signed-in',
});

const ZMessage = ZText.trim().min(1, 'messageRequired').max(COMMUNITY_LIMITS.message, 'tooLong');

/** Writes to a member of the directory; the message is relayed by e-mail, neither address is shown. */
export const contactMember = defineCallable({
  name: 'community.contactMember',
  input: z.object({ memberId: ZText.min(1).max(100), message: ZMessage }),
  output: z.object({ sent: z.literal(true) }),
  mutates: true,
  access: 'signed-in',
});

/** A relayed message, as its recipient sees it before answering (from /community?reply=<id>). */
export const ZReceivedMessage = z.object({
  id: z.string(),
  senderName: z.string(),
  adTitle: z.string().nullable(),
  sentAt: z.string(),
});
export type TReceivedMessage = z.infer<typeof ZReceivedMessage>;

export const getReceivedMessage = defineCallable({
  name: 'community.getReceivedMessage',
  input: z.object({ messageId: ZUuid }),
  output: ZReceivedMessage,
  mutates: false,
  access: 'signed-in',
});

/** Answers a relayed message (its recipient only), relayed back the same way. */
export const answerMessage = defineCallable({
  name: 'community.answerMessage',
  input: z.object({ messageId: ZUuid, message: ZMessage }),
  output: z.object({ sent: z.literal(true) }),
  mutates: true,
  access: 'signed-in',
});

// ——— Ads ———

export const AD_CATEGORIES = ['service', 'job', 'desk', 'equipment', 'event', 'other'] as const;
export type AdCategory = (typeof AD_CATEGORIES)[number];
export const AD_KINDS = ['offer', 'request'] as const;
export type AdKind = (typeof AD_KINDS)[number];
export const AD_STATUSES = ['open', 'closed', 'hidden'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const ZAdInput = z.object({
  category: z.enum(AD_CATEGORIES),
  kind: z.enum(AD_KINDS),
  title: ZText.trim().min(1, 'titleRequired').max(COMMUNITY_LIMITS.adTitle, 'tooLong'),
  body: ZText.trim().min(1, 'bodyRequired').max(COMMUNITY_LIMITS.adBody, 'tooLong'),
  spaceIds: z
    .array(ZUuid)
    .min(1, 'spacesRequired')
    .max(COMMUNITY_LIMITS.adSpaces)
    .transform((ids) => [...new Set(ids)]),
  /** The last day it is shown (the ad ends at the end of that day, Paris time); 30 days from now when absent. */
  endsOn: ZCalendarDate.optional(),
  /**
   * Its one image: a file the author uploaded (purpose `ad-image`) and its alternative text. Absent when
   * editing: the image stays as it is; null: none (removed).
   */
  image: z
    .object({
      fileKey: ZFileKey,
      alt: ZText.trim().max(COMMUNITY_LIMITS.imageAlt, 'tooLong').default(''),
    })
    .nullable()
    .optional(),
});
export type TAdInput = z.output<typeof ZAdInput>;

export const ZAdSummary = z.object({
  id: z.string(),
  category: z.enum(AD_CATEGORIES),
  kind: z.enum(AD_KINDS),
  title: z.string(),
  /** The body as plain text, cut short, for the list. */
  excerpt: z.string(),
  authorName: z.string(),
  spaces: z.array(z.string()),
  createdAt: z.string(),
  endsAt: z.string(),
  /** Its image's address (read through /api/files, as the ad's readers may), for the list's thumbnail. */
  imageUrl: z.string().nullable(),
});
export type TAdSummary = z.infer<typeof ZAdSummary>;

export const ZAd = ZAdSummary.extend({
  status: z.enum(AD_STATUSES),
  body: z.string(),
  /** The body rendered and sanitised on the server (server/platform/markdown.ts). */
  bodyHtml: z.string(),
  spaceIds: z.array(z.string()),
  endsOn: z.string(),
  isAuthor: z.boolean(),
  /** The reason its author was given when it was hidden (shown to them only). */
  hiddenReason: z.string().nullable(),
  /** Its image with the alternative text as written (empty: describe it from the title). */
  image: z.object({ fileKey: z.string(), url: z.string(), alt: z.string() }).nullable(),
});
export type TAd = z.infer<typeof ZAd>;

export const listAds = defineCallable({
  name: 'community.listAds',
  input: z.object({
    q: ZQuery,
    category: z.enum(AD_CATEGORIES).optional(),
    kind: z.enum(AD_KINDS).optional(),
    spaceId: ZUuid.optional(),
    /** The caller's own ads, whatever their state, instead of the open ones. */
    mine: z.boolean().default(false),
    page: ZPage,
  }),
  output: z.object({
    ads: z.array(ZAdSummary.extend({ status: z.enum(AD_STATUSES) })),
    ...pageFields,
    /** The spaces the caller belongs to, for the filter and the ad form. */
    spaces: z.array(ZSpaceOption),
  }),
  mutates: false,
  access: 'signed-in',
});

export const getAd = defineCallable({
  name: 'community.getAd',
  input: z.object({ id: ZUuid }),
  output: ZAd,
  mutates: false,
  access: 'signed-in',
});

export const createAd = defineCallable({
  name: 'community.createAd',
  input: ZAdInput,
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const updateAd = defineCallable({
  name: 'community.updateAd',
  input: z.object({ id: ZUuid, ad: ZAdInput }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const closeAd = defineCallable({
  name: 'community.closeAd',
  input: z.object({ id: ZUuid }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

export const replyToAd = defineCallable({
  name: 'community.replyToAd',
  input: z.object({ adId: ZUuid, message: ZMessage }),
  output: z.object({ sent: z.literal(true) }),
  mutates: true,
  access: 'signed-in',
});

// ——— Reports and moderation ———

export const REPORT_SUBJECTS = ['ad', 'profile'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

const ZReason = ZText.trim().min(1, 'reasonRequired').max(COMMUNITY_LIMITS.reason, 'tooLong');

export const reportContent = defineCallable({
  name: 'community.report',
  input: z.object({
    subject: z.enum(REPORT_SUBJECTS),
    /** The ad's id, or the member's. */
    subjectId: ZText.min(1).max(100),
    reason: ZReason,
  }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const ZReport = z.object({
  id: z.string(),
  subject: z.enum(REPORT_SUBJECTS),
  subjectId: z.string(),
  /** The ad's title, or the member's name. */
  subjectLabel: z.string(),
  reporterName: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the content is hidden now (an upheld report's content may since have been reinstated). */
  subjectHidden: z.boolean(),
});
export type TReport = z.infer<typeof ZReport>;

/** The reports about content visible in a space the caller manages (every space for an admin). */
export const listReports = defineCallable({
  name: 'community.listReports',
  input: z.object({ spaceId: ZUuid, status: z.enum(REPORT_STATUSES).default('open') }),
  output: z.object({ reports: z.array(ZReport) }),
  mutates: false,
  access: 'signed-in',
});

/** How many reports wait for the space's managers (the `open` ones). */
export const countOpenReports = defineCallable({
  name: 'community.countOpenReports',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ count: z.number().int() }),
  mutates: false,
  access: 'signed-in',
});

/** Hides the content (its author is told why by e-mail) or dismisses the report. */
export const decideReport = defineCallable({
  name: 'community.decideReport',
  input: z.object({ reportId: ZUuid, decision: z.enum(['hide', 'dismiss']), reason: ZReason }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

/**
 * Puts back content a moderator hid (an ad, a directory entry), with the reason its author is sent; for the
 * managers of a space it is shown in, and admins (Digital Services Act, art. 20: decisions can be reversed).
 */
export const reinstateContent = defineCallable({
  name: 'community.reinstate',
  input: z.object({ subject: z.enum(REPORT_SUBJECTS), subjectId: ZText.min(1).max(100), reason: ZReason }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

/** The alternative text an ad's image is shown with: as written, else described from the ad's title. */
export function adImageAlt(
  ad: { title: string; image: { alt: string } | null },
  describe: (title: string) => string,
): string {
  return ad.image?.alt.trim() || describe(ad.title);
}
