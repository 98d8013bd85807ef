import { z } from './zod';
import { CHECK_IN_CODE_PATTERN } from './check-in';
import { defineCallable } from './callable';
import { ZText, ZUuid } from './input';
import { LOCALES } from './locale';
import { DISPLAY_TOKEN_PATTERN, MAX_DISPLAY_NAME_LENGTH, type TDisplayView } from './door-displays.plain';

export * from './door-displays.plain';

/**
 * Door displays (docs/decisions/035-door-displays.md): a space's managers create, name and revoke a room's
 * display links and choose what the displays show; a display reads its state and checks the current booking
 * in with the booking's code, with its secret and no account. Validation messages are keys of the
 * `displays:validation` catalog.
 */

const ZSpaceRef = z.object({ spaceId: ZUuid });
const ZDisplayToken = z.string().regex(DISPLAY_TOKEN_PATTERN, 'token');

export const ZDisplaySettings = z.object({
  /** Show the bookings' titles on the displays (else "Réservé"). */
  showTitles: z.boolean(),
  locale: z.enum(LOCALES),
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

export const ZDisplayLink = z.object({
  id: z.string(),
  name: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type TDisplayLink = z.infer<typeof ZDisplayLink>;

export const ZSpaceDisplays = z.object({
  spaceId: z.string(),
  /** The space's zone: the links' moments are shown in it. */
  timeZone: z.string(),
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
  displays: z.array(ZDisplayLink),
  settings: ZDisplaySettings,
});
export type TSpaceDisplays = z.infer<typeof ZSpaceDisplays>;

export const listDisplays = defineCallable({
  name: 'doorDisplays.list',
  input: ZSpaceRef,
  output: ZSpaceDisplays,
  mutates: false,
  access: 'signed-in',
});

export const ZCreateDisplayInput = z.object({
  spaceId: ZUuid,
  roomId: ZUuid,
  name: ZText.trim().min(1, 'required').max(MAX_DISPLAY_NAME_LENGTH, 'too-long'),
});

/** The new link: its address carries the secret, shown this once (only its hash is kept). */
export const createDisplay = defineCallable({
  name: 'doorDisplays.create',
  input: ZCreateDisplayInput,
  output: z.object({ display: ZDisplayLink, url: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const revokeDisplay = defineCallable({
  name: 'doorDisplays.revoke',
  input: z.object({ spaceId: ZUuid, displayId: ZUuid }),
  output: ZDisplayLink,
  mutates: true,
  access: 'signed-in',
});

export const updateDisplaySettings = defineCallable({
  name: 'doorDisplays.updateSettings',
  input: ZDisplaySettings.extend({ spaceId: ZUuid }),
  output: ZDisplaySettings,
  mutates: true,
  access: 'signed-in',
});

// The display's own state: built by the server, read by the page; not re-validated field by field.
const ZDisplayView = z.custom<TDisplayView>(
  (value) => typeof value === 'object' && value !== null && 'display' in value,
);

/** What a display shows, for its secret (`not-found` for an unknown one; a revoked one says so). */
export const getDisplayState = defineCallable({
  name: 'doorDisplays.getState',
  input: z.object({ token: ZDisplayToken }),
  output: ZDisplayView,
  mutates: false,
  access: 'public',
});

/**
 * "Je suis là": checks in the booking whose check-in is open in the display's room, with the code of its
 * confirmation (contract/check-in.ts). Answers the display's new state.
 */
export const checkInAtDisplay = defineCallable({
  name: 'doorDisplays.checkIn',
  input: z.object({
    token: ZDisplayToken,
    code: z.string().trim().regex(CHECK_IN_CODE_PATTERN, 'code'),
  }),
  output: ZDisplayView,
  mutates: true,
  access: 'public',
});
