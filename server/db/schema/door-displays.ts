import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../contract/locale';
import { literalList } from '../status-sql';
import { users } from './auth';
import { generatedId, instant } from './columns';
import { rooms } from './rooms';
import { spaceReference, spaces } from './spaces';

/**
 * A room's door display link (docs/decisions/035-door-displays.md): a tablet at the room's door opens
 * `/display/<secret>` with nobody signed in. The secret is 256 random bits shown once at creation; only its
 * SHA-256 is kept, so a copy of the database gives no display away. A revoked link stays (the page says it
 * was revoked) and never works again.
 */
export const doorDisplays = pgTable(
  'door_displays',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** The manager's name for it ("Door of Salle Lumière, tablet 1"). */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: instant('revoked_at'),
    /** When the display last asked for its state, written at most every few minutes (decision 035). */
    lastSeenAt: instant('last_seen_at'),
  },
  (table) => [
    uniqueIndex('door_displays_token_hash_key').on(table.tokenHash),
    index('door_displays_space_idx').on(table.spaceId, table.createdAt),
    check('door_displays_name_length', sql`char_length(${table.name}) between 1 and 80`),
  ],
);

/**
 * What a space's door displays show: the bookings' titles or only "Réservé" (off by default: a title may say
 * more than the space wants passers-by to read), and in which language. A space without a row has the defaults.
 */
export const doorDisplaySettings = pgTable(
  'door_display_settings',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    showTitles: boolean('show_titles').notNull().default(false),
    locale: text('locale', { enum: LOCALES }).notNull().default('fr'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('door_display_settings_locale_known', sql`${table.locale} in ${literalList(LOCALES)}`)],
);
