import { z } from './zod';
import { ZEmail, ZNewPassword, ZPersonName } from './auth';
import { defineCallable } from './callable';
import { ZText } from './input';
import { LOCALES } from './locale';
import { ZFileKey } from './storage';

/** What a person may be told about by e-mail; each on or off from /profile. */
export const NOTIFICATION_KINDS = [
  'reservationUpdates',
  'reminders',
  'eventUpdates',
  'invoices',
  'communityMessages',
  'productNews',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Everything transactional is on by default; news only when asked for. */
export const DEFAULT_NOTIFICATIONS: Record<NotificationKind, boolean> = {
  reservationUpdates: true,
  reminders: true,
  eventUpdates: true,
  invoices: true,
  communityMessages: true,
  productNews: false,
};

export const ZNotificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** Stored settings with today's defaults for any kind added since they were saved. */
export function notificationSettingsOf(stored: Record<string, unknown> | null): TNotificationSettings {
  const settings = { ...DEFAULT_NOTIFICATIONS };
  for (const kind of NOTIFICATION_KINDS) {
    const value = stored?.[kind];
    if (typeof value === 'boolean') settings[kind] = value;
  }
  return settings;
}

export const PROFILE_LIMITS = { company: 120, jobTitle: 120, skill: 40, skills: 20, bio: 1000 } as const;

/** Optional text: trimmed, empty becomes null. */
const optionalText = (max: number) =>
  ZText.trim()
    .max(max, 'tooLong')
    .transform((value) => value || null)
    .nullable();

export const ZSkills = z
  .array(ZText.trim().min(1, 'skillEmpty').max(PROFILE_LIMITS.skill, 'skillTooLong'))
  .max(PROFILE_LIMITS.skills, 'tooManySkills')
  .transform((skills) => [...new Set(skills)]);

export const ZProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  locale: z.enum(LOCALES).nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  skills: z.array(z.string()),
  bio: z.string().nullable(),
  communityVisible: z.boolean(),
  notificationSettings: ZNotificationSettings,
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileUpdate = z.object({
  name: ZPersonName,
  locale: z.enum(LOCALES).nullable(),
  company: optionalText(PROFILE_LIMITS.company),
  jobTitle: optionalText(PROFILE_LIMITS.jobTitle),
  skills: ZSkills,
  bio: optionalText(PROFILE_LIMITS.bio),
  /** Being listed in the directory; /profile's directory section sets it (community.updateDirectorySettings). */
  communityVisible: z.boolean().optional(),
  notificationSettings: ZNotificationSettings,
});

/** The caller's own profile; there is no way to name anyone else's. */
export const getProfile = defineCallable({
  name: 'profile.get',
  input: z.object({}),
  output: ZProfile,
  mutates: false,
  access: 'signed-in',
});

export const updateProfile = defineCallable({
  name: 'profile.update',
  input: ZProfileUpdate,
  output: ZProfile,
  mutates: true,
  access: 'signed-in',
});

/** The language chosen in the header, remembered on the profile so pages and e-mails follow it. */
export const setProfileLocale = defineCallable({
  name: 'profile.setLocale',
  input: z.object({ locale: z.enum(LOCALES) }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

/** Sends a confirmation link to the new address; the address changes once it is followed. */
export const changeEmail = defineCallable({
  name: 'profile.changeEmail',
  input: z.object({ newEmail: ZEmail }),
  output: z.object({ sent: z.literal(true) }),
  mutates: true,
  access: 'signed-in',
});

export const changePassword = defineCallable({
  name: 'profile.changePassword',
  input: z.object({
    currentPassword: ZText.min(1, 'passwordRequired').max(128, 'passwordTooLong'),
    newPassword: ZNewPassword,
    signOutOtherDevices: z.boolean(),
  }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

/** Ends every session of the caller, this one included. */
export const signOutEverywhere = defineCallable({
  name: 'profile.signOutEverywhere',
  input: z.object({}),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});

/** Makes an avatar the caller uploaded (`POST /api/files?purpose=avatar`) their picture. */
export const setAvatar = defineCallable({
  name: 'profile.setAvatar',
  input: z.object({ key: ZFileKey }),
  output: ZProfile,
  mutates: true,
  access: 'signed-in',
});

export const removeAvatar = defineCallable({
  name: 'profile.removeAvatar',
  input: z.object({}),
  output: ZProfile,
  mutates: true,
  access: 'signed-in',
});

/** Everything we hold on the caller, as JSON (never a password hash or a session token). */
export const ZPersonalData = z.object({
  exportedAt: z.string(),
  /** What the person entered for their invoices (issued invoices keep their own copy). */
  billing: z
    .object({
      name: z.string(),
      addressLine: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
      businessName: z.string(),
      siren: z.string(),
      vatNumber: z.string(),
    })
    .nullable(),
  /** Their community directory entry: whether listed, the fields shown and their links. */
  directory: z
    .object({ listed: z.boolean(), fields: z.array(z.string()), links: z.array(z.string()) })
    .nullable(),
  /** The documents of their spaces they confirmed reading, and when. */
  documentAcknowledgements: z.array(
    z.object({ document: z.string(), space: z.string(), acknowledgedAt: z.string() }),
  ),
  profile: ZProfile,
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  spaces: z.array(z.object({ slug: z.string(), name: z.string(), role: z.string(), since: z.string() })),
  files: z.array(
    z.object({
      url: z.string(),
      purpose: z.string(),
      contentType: z.string(),
      size: z.number(),
      fileName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TPersonalData = z.infer<typeof ZPersonalData>;

export const exportPersonalData = defineCallable({
  name: 'profile.exportData',
  input: z.object({}),
  output: ZPersonalData,
  mutates: false,
  access: 'signed-in',
});

/** Erases the caller's personal data; typing their e-mail address confirms it. */
export const deleteAccount = defineCallable({
  name: 'profile.deleteAccount',
  input: z.object({ confirmEmail: ZText.trim().toLowerCase().max(254) }),
  output: z.null(),
  mutates: true,
  access: 'signed-in',
});
