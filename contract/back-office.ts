import { z } from './zod';
import { ZRoomAmenity, ZSpaceAmenity } from './amenities';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES, MAX_HORIZON_DAYS, ZRoomKind, ZRoomPrices } from './rooms';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { VAT_RATES } from './money';
import { ZClockTime, ZSpaceStatus, ZWeekday } from './spaces';
import { RESERVED_SUBDOMAIN, ZHexColor, ZSubdomain } from './tenancy';
import { MANAGING_ROLES, SPACE_ROLES } from './roles';

/**
 * What space managers do (/start and /myspaces). Every operation is for signed-in callers; the service
 * then checks their role in the space: owners and managers change it, admins can do anything, only owners
 * (and admins) archive it or change the team's managers. Validation messages are keys of the
 * `backoffice:validation` catalog.
 */

export const ZSpaceId = z.uuid('required');
const text = (max: number) => ZText.trim().max(max, 'too-long');
const requiredText = (max: number) => text(max).min(1, 'required');

/** Managers may be named in either language; the public page falls back to the other one. */
export const ZSpaceIdentity = z.object({
  name: requiredText(80).min(2, 'too-short'),
  descriptionFr: text(5000),
  descriptionEn: text(5000),
  amenities: z.array(ZSpaceAmenity).max(30),
});
export type TSpaceIdentity = z.infer<typeof ZSpaceIdentity>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZSpaceAddress = z.object({
  addressLine: requiredText(160),
  postcode: requiredText(12),
  city: requiredText(80),
  country: ZText.trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country'),
  latitude: z.number().min(-90, 'latitude').max(90, 'latitude').nullable(),
  longitude: z.number().min(-180, 'longitude').max(180, 'longitude').nullable(),
  timeZone: ZText.refine(isTimeZone, 'time-zone'),
});
export type TSpaceAddress = z.infer<typeof ZSpaceAddress>;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Opening hours: several intervals a day, each opening before it closes, none overlapping another. */
export const ZOpeningHoursInput = z
  .array(z.object({ weekday: ZWeekday, opens: ZClockTime, closes: ZClockTime }))
  .max(7 * 4, 'too-many')
  .superRefine((intervals, issue) => {
    intervals.forEach((interval, index) => {
      if (minutesOf(interval.opens) >= minutesOf(interval.closes)) {
        issue.addIssue({ code: 'custom', path: [index, 'closes'], message: 'closes-before-opens' });
      }
      const overlaps = intervals.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === interval.weekday &&
          minutesOf(other.opens) < minutesOf(interval.closes) &&
          minutesOf(interval.opens) < minutesOf(other.closes),
      );
      if (overlaps) issue.addIssue({ code: 'custom', path: [index, 'opens'], message: 'overlap' });
    });
  });
export type TOpeningHoursInput = z.infer<typeof ZOpeningHoursInput>;

export const ZClosuresInput = z
  .array(
    z
      .object({ startsOn: ZCalendarDate, endsOn: ZCalendarDate, label: text(80) })
      .superRefine(refineRange('startsOn', 'endsOn', { orderMessage: 'ends-before-starts' })),
  )
  .max(100, 'too-many');
export type TClosuresInput = z.infer<typeof ZClosuresInput>;

// Defined with money (contract/money.ts); the rooms', events' and formulas' forms read it from here too.
export { VAT_RATES };

const cents = z.number().int('price').min(0, 'price').max(10_000_000, 'price').nullable();
const minutes = (min: number, max: number) =>
  z.number().int('minutes').min(min, 'minutes').max(max, 'minutes');

/** A room as its manager edits it; prices in cents excluding VAT. */
export const ZRoomInput = z
  .object({
    kind: ZRoomKind,
    name: requiredText(80),
    descriptionFr: text(3000),
    descriptionEn: text(3000),
    capacity: z.number().int('capacity').min(1, 'capacity').max(1000, 'capacity'),
    amenities: z.array(ZRoomAmenity).max(20),
    hourlyPriceCents: cents,
    halfDayPriceCents: cents,
    dayPriceCents: cents,
    vatRateBasisPoints: z
      .number()
      .int()
      .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), 'vat-rate'),
    minDurationMinutes: minutes(15, MAX_BOOKING_MINUTES),
    maxDurationMinutes: minutes(15, MAX_BOOKING_MINUTES),
    bookingStepMinutes: minutes(5, 240),
    bufferMinutes: minutes(0, MAX_BUFFER_MINUTES),
    leadTimeMinutes: minutes(0, 60 * 24 * 30),
    horizonDays: z.number().int('days').min(1, 'days').max(MAX_HORIZON_DAYS, 'days'),
    requiresApproval: z.boolean(),
    deskGroup: text(60).nullable(),
  })
  .superRefine((room, issue) => {
    if (room.hourlyPriceCents === null && room.halfDayPriceCents === null && room.dayPriceCents === null) {
      issue.addIssue({ code: 'custom', path: ['hourlyPriceCents'], message: 'price-required' });
    }
    if (room.maxDurationMinutes < room.minDurationMinutes) {
      issue.addIssue({ code: 'custom', path: ['maxDurationMinutes'], message: 'max-below-min' });
    }
    if (room.deskGroup && room.kind !== 'desk') {
      issue.addIssue({ code: 'custom', path: ['deskGroup'], message: 'desk-group-desks-only' });
    }
  });
export type TRoomInput = z.infer<typeof ZRoomInput>;

export const ZBrandingInput = z.object({
  subdomain: ZSubdomain.refine((value) => value !== RESERVED_SUBDOMAIN, 'subdomain-reserved').nullable(),
  color: ZHexColor.nullable(),
});
export type TBrandingInput = z.infer<typeof ZBrandingInput>;

export const ZPhotoOwner = z.discriminatedUnion('type', [
  z.object({ type: z.literal('space'), id: ZUuid }),
  z.object({ type: z.literal('room'), id: ZUuid }),
]);
export type TPhotoOwner = z.infer<typeof ZPhotoOwner>;

export const ZManagedPhoto = z.object({
  id: z.string(),
  url: z.string(),
  altFr: z.string(),
  altEn: z.string(),
});
export type TManagedPhoto = z.infer<typeof ZManagedPhoto>;

export const ZManagedRoom = ZRoomInput.extend({
  id: z.string(),
  archived: z.boolean(),
  prices: ZRoomPrices,
  photos: z.array(ZManagedPhoto),
});
export type TManagedRoom = z.infer<typeof ZManagedRoom>;

export const ZSpaceRole = z.enum(SPACE_ROLES);
export const ZInvitableRole = z.enum(['manager', 'member']);

/** Everything a manager edits about one space. */
export const ZManagedSpace = z.object({
  id: z.string(),
  slug: z.string(),
  status: ZSpaceStatus,
  publishedAt: z.string().nullable(),
  /** The caller's standing: their role, or `admin`. */
  myRole: z.enum([...MANAGING_ROLES, 'admin']),
  identity: ZSpaceIdentity,
  // A draft may not have an address yet: plain strings here, the input schema checks what is saved.
  address: z.object({
    addressLine: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeZone: z.string(),
  }),
  openingHours: z.array(z.object({ weekday: z.number(), opens: z.string(), closes: z.string() })),
  closures: z.array(z.object({ startsOn: z.string(), endsOn: z.string(), label: z.string() })),
  branding: z.object({ subdomain: z.string().nullable(), color: z.string().nullable() }),
  photos: z.array(ZManagedPhoto),
  rooms: z.array(ZManagedRoom),
  /** What is still missing before it can be published (keys of `backoffice:publish.missing`). */
  missing: z.array(z.enum(['name', 'description', 'address', 'hours', 'rooms'])),
});
export type TManagedSpace = z.infer<typeof ZManagedSpace>;

export const ZMySpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  status: ZSpaceStatus,
  role: z.enum([...SPACE_ROLES, 'admin']),
  color: z.string().nullable(),
  coverUrl: z.string().nullable(),
});
export type TMySpace = z.infer<typeof ZMySpace>;

export const ZInvitation = z.object({
  id: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  invitedAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZTeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZSpaceRole,
});

const spaceInput = z.object({ spaceId: ZSpaceId });
const ok = z.object({ ok: z.literal(true) });

function op<I extends z.ZodType, O extends z.ZodType>(name: string, input: I, output: O, mutates = true) {
  return defineCallable({ name: `backoffice.${name}`, input, output, mutates, access: 'signed-in' });
}

export const listMySpaces = op(
  'listMySpaces',
  z.object({}),
  z.object({
    managed: z.array(ZMySpace),
    member: z.array(ZMySpace),
    invitations: z.array(ZInvitation),
    /** Admins also see every other space, to help any manager. */
    others: z.array(ZMySpace),
  }),
  false,
);
export const getManagedSpace = op('getSpace', spaceInput, ZManagedSpace, false);
export const createSpace = op(
  'createSpace',
  z.object({ name: ZSpaceIdentity.shape.name }),
  z.object({ id: z.string() }),
);
export const updateIdentity = op('updateIdentity', spaceInput.extend({ identity: ZSpaceIdentity }), ok);
export const updateAddress = op('updateAddress', spaceInput.extend({ address: ZSpaceAddress }), ok);
export const setOpeningHours = op('setOpeningHours', spaceInput.extend({ hours: ZOpeningHoursInput }), ok);
export const setClosures = op('setClosures', spaceInput.extend({ closures: ZClosuresInput }), ok);
export const updateBranding = op('updateBranding', spaceInput.extend({ branding: ZBrandingInput }), ok);
export const checkSubdomain = op(
  'checkSubdomain',
  spaceInput.extend({ subdomain: ZSubdomain }),
  z.object({ available: z.boolean() }),
  false,
);
export const createRoom = op(
  'createRoom',
  spaceInput.extend({ room: ZRoomInput }),
  z.object({ id: z.string() }),
);
export const updateRoom = op('updateRoom', z.object({ roomId: ZUuid, room: ZRoomInput }), ok);
export const setRoomArchived = op('setRoomArchived', z.object({ roomId: ZUuid, archived: z.boolean() }), ok);
export const addPhoto = op(
  'addPhoto',
  z.object({
    owner: ZPhotoOwner,
    fileKey: ZText.regex(/^[A-Za-z0-9_-]{22}$/, 'file'),
    altFr: text(200),
    altEn: text(200),
  }),
  ZManagedPhoto,
);
export const updatePhoto = op(
  'updatePhoto',
  z.object({ photoId: ZUuid, altFr: text(200), altEn: text(200) }),
  ok,
);
export const reorderPhotos = op(
  'reorderPhotos',
  z.object({ owner: ZPhotoOwner, photoIds: z.array(ZUuid).max(50) }),
  ok,
);
export const removePhoto = op('removePhoto', z.object({ photoId: ZUuid }), ok);
export const publishSpace = op('publish', spaceInput, ok);
export const archiveSpace = op('archive', spaceInput, ok);
export const listTeam = op(
  'listTeam',
  spaceInput,
  z.object({ members: z.array(ZTeamMember), invitations: z.array(ZInvitation) }),
  false,
);
export const inviteToSpace = op(
  'invite',
  spaceInput.extend({ email: ZText.trim().toLowerCase().email('email'), role: ZInvitableRole }),
  z.object({ status: z.enum(['added', 'invited']) }),
);
export const cancelInvitation = op('cancelInvitation', z.object({ invitationId: ZUuid }), ok);
export const acceptInvitation = op('acceptInvitation', z.object({ invitationId: ZUuid }), ok);
export const removeFromTeam = op('removeFromTeam', spaceInput.extend({ userId: ZText.min(1).max(100) }), ok);
