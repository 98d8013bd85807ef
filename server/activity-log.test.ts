// @databases pglite
/**
 * The activity log, across every feature (docs/decisions/020-activity-log.md): every mutating callable of
 * the router writes its entry, with the request's id and the caller's address truncated; a deleted account's
 * entries stay, anonymised. That a change and its entry commit together or not at all is tested on both
 * databases in activity-log.atomicity.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityKind } from '#contract/activity';
import { DEFAULT_NOTIFICATIONS } from '#contract/profile';
import type { FilePurpose } from '#contract/storage';
import { uploadPng } from '../tests/support/file-samples';
import { createTestUser, startTestApp, type Agent, type TestApp } from '../tests/support/test-app';
import { createRouter } from './callables';
import { rowsOf } from './db/rows';
import { spaceInvitations } from './db/schema/invitations';
import { SAMPLE_ROOM } from './features/back-office/test-fixtures';
import { MONTHLY_MEMBERSHIP, TEN_HOUR_PACK } from './features/formulas/formulas.fixtures';
import { COMPLETE_IDENTITY } from './features/invoices/invoices.fixtures';
import { localInstant } from './features/reservations/reservations.fixtures';
import { insertRoom } from './db/factories.fixtures';
import { camt053 } from './features/bank-statements/statement-samples.fixtures';

// Monday 1 March 2027, 08:00 in Paris; a few scenarios move it past a booking's start.
const START = new Date(localInstant('2027-03-01T08:00'));
let now = START;

let app: TestApp;
let owner: { agent: Agent; user: { id: string; email: string } };
let member: { agent: Agent; user: { id: string; email: string; name: string; password: string } };
let admin: { agent: Agent; user: { id: string; email: string } };

beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
  owner = await app.signedIn();
  member = await app.signedIn();
  admin = await app.signedIn({ isAdmin: true });
});
afterAll(() => app.close());

interface Row extends Record<string, unknown> {
  kind: string;
  actor_type: string;
  actor_id: string | null;
  actor_ip: string | null;
  about_user_id: string | null;
  subject_type: string;
  subject_id: string;
  space_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  details: Record<string, unknown>;
  request_id: string | null;
  anonymised_at: string | null;
}

async function entriesOfRequest(requestId: string): Promise<Row[]> {
  return rowsOf<Row>(
    app.database.db,
    sql`SELECT * FROM activity_entries WHERE request_id = ${requestId} ORDER BY id`,
  );
}

/** Calls an operation; fails with the error body when it is refused. Answers its result and request id. */
async function ok<T = Record<string, unknown>>(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (response.status !== 200) throw new Error(`${name} → ${response.status} ${JSON.stringify(body.error)}`);
  return { result: body.result as T, requestId: response.headers.get('x-request-id')! };
}

const upload = (agent: Agent, purpose: FilePurpose) => uploadPng(agent, purpose);

/** What the scenarios share as they go: the space, its rooms, bookings, the photo. */
const state = {
  spaceId: '',
  roomId: '',
  approvalRoomId: '',
  photoId: '',
  formulaId: '',
  planId: '',
  orderId: '',
  eventId: '',
  copyId: '',
  adId: '',
  reportId: '',
  articleId: '',
  faqEntryId: '',
  partnerId: '',
  invoiceId: '',
  documentId: '',
  documentShareId: '',
  pausedPlanId: '',
  statementLineId: '',
  displayId: '',
  displayToken: '',
};

const ARTICLE = {
  slug: 'journal-de-bord',
  tags: ['coworking'],
  coverUrl: null,
  fr: { title: 'Journal de bord', excerpt: 'Un résumé.', body: 'Un texte.', coverAlt: '' },
  en: null,
};
const FAQ_ENTRY = {
  topic: 'booking',
  position: 5,
  published: true,
  questionFr: 'Peut-on venir avec un chien ?',
  answerFr: 'Cela dépend de l’espace.',
  questionEn: 'May I bring a dog?',
  answerEn: 'It depends on the space.',
};
const PARTNER = {
  icon: 'network',
  position: 5,
  published: true,
  nameFr: 'Réseau des tiers-lieux',
  bodyFr: 'Des lieux partout.',
  nameEn: 'Community workspaces network',
  bodyEn: 'Places everywhere.',
  websiteUrl: null,
};

/** An event of the shared space in its room, three weeks after START, for one person. */
const EVENT_FORM = {
  titleFr: 'Atelier couture',
  startsAt: '2027-03-20T18:00',
  endsAt: '2027-03-20T20:00',
  capacity: 1,
};

/** The member is offered the only place of `eventId`: the owner holds it, the member waits, the owner leaves. */
async function offerToMember(eventId: string) {
  await ok(owner.agent, 'events.register', { eventId });
  await ok(member.agent, 'events.register', { eventId });
  await ok(owner.agent, 'events.cancelRegistration', { eventId });
  await app.settle();
  // The offers job ran on the machine's clock (the test app's runner does); the scenarios' clock is later,
  // so the offer is moved to end at the event's deadline, as it would on the same clock.
  await app.database.db.execute(sql`
    UPDATE event_registrations SET offer_expires_at = events.registration_deadline FROM events
    WHERE events.id = event_registrations.event_id AND event_registrations.event_id = ${eventId}
      AND event_registrations.status = 'offered'`);
}

/** A slot of the member's in the shared room, `hoursAhead` hours after START, for an hour. */
async function book(agent: Agent, roomId: string, hoursAhead: number): Promise<string> {
  const startsAt = new Date(START.getTime() + hoursAhead * 3_600_000).toISOString();
  const endsAt = new Date(START.getTime() + (hoursAhead + 1) * 3_600_000).toISOString();
  const { result } = await ok<{ id: string }>(agent, 'reservations.create', {
    roomId,
    startsAt,
    endsAt,
    attendees: 1,
    title: '',
    idempotencyKey: crypto.randomUUID(),
  });
  return result.id;
}

interface Scenario {
  /** Who calls it (the space's owner by default). */
  as?: () => Agent;
  /** Prepares what the call needs and answers its input. */
  input: () => Promise<unknown> | unknown;
  kind: ActivityKind;
  /** Entries the same change writes besides its own (a payment recorded on the sale's invoice, say). */
  alsoKinds?: ActivityKind[];
  /** Run after the call (the clock put back, say). */
  after?: () => void;
  /** Who the entry names, when not the caller: a door display's check-in is the system's (no one signed in). */
  actor?: { actor_type: string; actor_id: null };
}

const NEW_HOURS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '07:00', closes: '21:00' }));

/**
 * One scenario per mutating callable, in the order they run (later ones use what earlier ones made). A
 * mutating callable added to the router without one fails the first test below: write its scenario, and
 * its entry.
 */
const SCENARIOS: Record<string, Scenario> = {
  'backoffice.createSpace': { input: () => ({ name: 'Le Journal' }), kind: 'space.created' },
  'backoffice.updateIdentity': {
    input: () => ({
      spaceId: state.spaceId,
      identity: { name: 'Le Phare', descriptionFr: 'Face à la mer.', descriptionEn: '', amenities: ['wifi'] },
    }),
    kind: 'space.updated',
  },
  'backoffice.updateAddress': {
    input: () => ({
      spaceId: state.spaceId,
      address: {
        addressLine: '3 quai Duguay-Trouin',
        postcode: '35400',
        city: 'Saint-Malo',
        country: 'FR',
        latitude: 48.649,
        longitude: -2.025,
        timeZone: 'Europe/Paris',
      },
    }),
    kind: 'space.updated',
  },
  'backoffice.setOpeningHours': {
    input: () => ({ spaceId: state.spaceId, hours: NEW_HOURS }),
    kind: 'space.hours_changed',
  },
  'backoffice.setClosures': {
    input: () => ({
      spaceId: state.spaceId,
      closures: [{ startsOn: '2027-12-24', endsOn: '2027-12-26', label: 'Noël' }],
    }),
    kind: 'space.closures_changed',
  },
  'backoffice.updateBranding': {
    input: () => ({ spaceId: state.spaceId, branding: { subdomain: null, color: '#0f766e' } }),
    kind: 'space.branding_changed',
  },
  'backoffice.createRoom': {
    input: () => ({ spaceId: state.spaceId, room: { ...SAMPLE_ROOM, leadTimeMinutes: 0 } }),
    kind: 'room.created',
  },
  'backoffice.updateRoom': {
    input: () => ({
      roomId: state.roomId,
      room: { ...SAMPLE_ROOM, leadTimeMinutes: 0, hourlyPriceCents: 3500 },
    }),
    kind: 'room.price_changed',
  },
  'backoffice.publish': { input: () => ({ spaceId: state.spaceId }), kind: 'space.published' },
  'backoffice.setRoomArchived': {
    input: async () => ({ roomId: await insertRoom(app.database.db, state.spaceId), archived: true }),
    kind: 'room.archived',
  },
  'backoffice.addPhoto': {
    input: async () => ({
      owner: { type: 'space', id: state.spaceId },
      fileKey: await upload(owner.agent, 'space-photo'),
      altFr: 'La salle',
      altEn: 'The room',
    }),
    kind: 'space.photos_changed',
  },
  'backoffice.updatePhoto': {
    input: () => ({ photoId: state.photoId, altFr: 'La grande salle', altEn: 'The big room' }),
    kind: 'space.photos_changed',
  },
  'backoffice.reorderPhotos': {
    input: () => ({ owner: { type: 'space', id: state.spaceId }, photoIds: [state.photoId] }),
    kind: 'space.photos_changed',
  },
  'backoffice.removePhoto': { input: () => ({ photoId: state.photoId }), kind: 'space.photos_changed' },
  'backoffice.invite': {
    input: () => ({ spaceId: state.spaceId, email: member.user.email, role: 'member' }),
    kind: 'member.invited',
  },
  'backoffice.acceptInvitation': {
    as: () => member.agent,
    input: async () => {
      const [invitation] = await app.database.db
        .select({ id: spaceInvitations.id })
        .from(spaceInvitations)
        .where(
          and(eq(spaceInvitations.spaceId, state.spaceId), eq(spaceInvitations.email, member.user.email)),
        );
      return { invitationId: invitation!.id };
    },
    kind: 'member.joined',
  },
  'backoffice.cancelInvitation': {
    input: async () => {
      await ok(owner.agent, 'backoffice.invite', {
        spaceId: state.spaceId,
        email: 'later@example.com',
        role: 'member',
      });
      const [invitation] = await app.database.db
        .select({ id: spaceInvitations.id })
        .from(spaceInvitations)
        .where(eq(spaceInvitations.email, 'later@example.com'));
      return { invitationId: invitation!.id };
    },
    kind: 'member.invitation_cancelled',
  },
  'reservations.updatePolicy': {
    input: () => ({ spaceId: state.spaceId, freeCancellationHours: 48 }),
    kind: 'space.policy_changed',
  },
  'reservations.create': {
    as: () => member.agent,
    input: () => ({
      roomId: state.roomId,
      startsAt: localInstant('2027-03-10T09:00'),
      endsAt: localInstant('2027-03-10T10:00'),
      attendees: 2,
      title: 'Atelier',
      idempotencyKey: crypto.randomUUID(),
    }),
    kind: 'reservation.created',
  },
  'reservations.cancel': {
    as: () => member.agent,
    input: async () => ({ id: await book(member.agent, state.roomId, 24 * 7 + 4) }),
    kind: 'reservation.cancelled',
  },
  'reservations.requestCancellation': {
    as: () => member.agent,
    // Within the 48 h of the space's policy: the member asks the space.
    input: async () => ({ id: await book(member.agent, state.roomId, 5), message: 'Un empêchement' }),
    kind: 'reservation.cancellation_requested',
  },
  'reservations.approve': {
    input: async () => {
      state.approvalRoomId = await insertRoom(app.database.db, state.spaceId, { requiresApproval: true });
      return { id: await book(member.agent, state.approvalRoomId, 26) };
    },
    kind: 'reservation.approved',
  },
  'reservations.decline': {
    input: async () => ({
      id: await book(member.agent, state.approvalRoomId, 28),
      reason: 'Salle en travaux',
    }),
    kind: 'reservation.declined',
  },
  'reservations.markNoShow': {
    input: async () => {
      const id = await book(member.agent, state.roomId, 2);
      now = new Date(START.getTime() + 2.5 * 3_600_000);
      return { id };
    },
    kind: 'reservation.no_show',
    after: () => (now = START),
  },
  'reservations.checkIn': {
    input: async () => {
      const id = await book(member.agent, state.roomId, 6);
      now = new Date(START.getTime() + 6 * 3_600_000);
      return { id };
    },
    kind: 'reservation.checked_in',
    after: () => (now = START),
  },
  'reservations.markCompleted': {
    input: async () => {
      const id = await book(member.agent, state.roomId, 3);
      now = new Date(START.getTime() + 4.5 * 3_600_000);
      return { id };
    },
    kind: 'reservation.completed',
    after: () => (now = START),
  },
  'reservations.createFeedToken': {
    as: () => member.agent,
    input: () => ({}),
    kind: 'calendar_feed.created',
  },
  'reservations.revokeFeedToken': {
    as: () => member.agent,
    input: () => ({}),
    kind: 'calendar_feed.revoked',
  },
  'formulas.updateSettings': {
    input: () => ({ spaceId: state.spaceId, activation: 'payment', graceDays: 10 }),
    kind: 'sales_settings.changed',
  },
  'formulas.create': {
    input: () => ({ spaceId: state.spaceId, formula: TEN_HOUR_PACK }),
    kind: 'formula.created',
  },
  'formulas.update': {
    input: () => ({ formulaId: state.formulaId, formula: { ...TEN_HOUR_PACK, priceExclVatCents: 32000 } }),
    kind: 'formula.updated',
  },
  'formulas.buy': {
    as: () => member.agent,
    input: () => ({
      formulaId: state.formulaId,
      paymentMethod: 'on_site',
      idempotencyKey: crypto.randomUUID(),
    }),
    kind: 'order.placed',
  },
  'orders.markPaid': { input: () => ({ orderId: state.orderId }), kind: 'order.paid' },
  'credits.adjust': {
    input: async () => {
      const [lot] = await rowsOf<{ id: string }>(
        app.database.db,
        sql`SELECT id FROM credit_lots WHERE plan_id = ${state.planId}`,
      );
      return { lotId: lot!.id, amount: 30, reason: 'Panne du vidéoprojecteur' };
    },
    kind: 'credits.adjusted',
  },
  'plans.cancel': {
    as: () => member.agent,
    input: async () => {
      const { result } = await ok<{ id: string }>(owner.agent, 'formulas.create', {
        spaceId: state.spaceId,
        formula: MONTHLY_MEMBERSHIP,
      });
      const bought = await ok<{ planId: string }>(member.agent, 'formulas.buy', {
        formulaId: result.id,
        paymentMethod: 'bank_transfer',
        idempotencyKey: crypto.randomUUID(),
      });
      return { planId: bought.result.planId };
    },
    kind: 'plan.cancelled',
  },
  'plans.pause': {
    as: () => member.agent,
    input: async () => {
      await ok(owner.agent, 'formulas.updateSettings', {
        spaceId: state.spaceId,
        activation: 'payment',
        graceDays: 10,
        pauseAllowed: true,
        pauseMaxDays: 30,
        pauseNoticeDays: 1,
      });
      const { result } = await ok<{ id: string }>(owner.agent, 'formulas.create', {
        spaceId: state.spaceId,
        formula: { ...MONTHLY_MEMBERSHIP, priceExclVatCents: 0 },
      });
      const bought = await ok<{ planId: string }>(member.agent, 'formulas.buy', {
        formulaId: result.id,
        paymentMethod: 'on_site',
        idempotencyKey: crypto.randomUUID(),
      });
      state.pausedPlanId = bought.result.planId;
      return { planId: bought.result.planId, startsOn: '2027-03-10', endsOn: '2027-03-17' };
    },
    kind: 'plan.paused',
  },
  'plans.endPause': {
    as: () => member.agent,
    input: async () => {
      const [pause] = await rowsOf<{ id: string }>(
        app.database.db,
        sql`SELECT id FROM plan_pauses WHERE plan_id = ${state.pausedPlanId} AND status = 'planned'`,
      );
      return { pauseId: pause!.id };
    },
    kind: 'plan.pause_cancelled',
  },
  // Invoicing starts once the identity is complete: later sales are invoiced (a purchase then writes two entries).
  'invoicing.updateIdentity': {
    input: () => ({ spaceId: state.spaceId, ...COMPLETE_IDENTITY }),
    kind: 'legal_identity.changed',
  },
  'billing.update': {
    as: () => member.agent,
    input: () => ({
      name: 'Ada Lovelace',
      addressLine: '3 rue des Machines',
      postcode: '69001',
      city: 'Lyon',
      country: 'FR',
      businessName: 'Analytical Engines',
      siren: '987654321',
      vatNumber: 'FR12987654321',
    }),
    kind: 'billing_details.changed',
  },
  'invoices.recordPayment': {
    input: async () => {
      await ok(member.agent, 'formulas.buy', {
        formulaId: state.formulaId,
        paymentMethod: 'bank_transfer',
        idempotencyKey: crypto.randomUUID(),
      });
      const [invoice] = await rowsOf<{ id: string; total_cents: number }>(
        app.database.db,
        sql`SELECT id, total_cents FROM invoices WHERE space_id = ${state.spaceId} AND kind = 'invoice' ORDER BY sequence DESC LIMIT 1`,
      );
      state.invoiceId = invoice!.id;
      // Paid in full: the purchase's order is settled with it, as marking it paid would.
      return {
        invoiceId: invoice!.id,
        amountCents: Number(invoice!.total_cents),
        method: 'bank_transfer',
        paidOn: '2027-03-01',
      };
    },
    kind: 'payment.recorded',
    alsoKinds: ['order.paid'],
  },
  'invoices.credit': {
    input: () => ({ invoiceId: state.invoiceId, reason: 'Erreur de formule' }),
    kind: 'credit_note.issued',
  },
  'invoices.closeMonth': {
    input: () => ({ spaceId: state.spaceId, month: '2027-02' }),
    kind: 'invoicing.month_closed',
  },
  // SEPA direct debit: the member (a customer: invoiced above) signs; the owner collects a new invoice.
  'sepa.sign': {
    as: () => member.agent,
    input: () => ({
      spaceId: state.spaceId,
      debtorName: 'Ada Lovelace',
      iban: 'FR7630006000011234567890189',
      accepted: true,
    }),
    kind: 'sepa_mandate.signed',
  },
  'sepa.createCollection': {
    input: async () => {
      await ok(member.agent, 'formulas.buy', {
        formulaId: state.formulaId,
        paymentMethod: 'bank_transfer',
        idempotencyKey: crypto.randomUUID(),
      });
      const [invoice] = await rowsOf<{ due_date: string }>(
        app.database.db,
        sql`SELECT due_date::text AS due_date FROM invoices
            WHERE space_id = ${state.spaceId} AND kind = 'invoice' ORDER BY sequence DESC LIMIT 1`,
      );
      return { spaceId: state.spaceId, collectionDate: invoice!.due_date };
    },
    kind: 'sepa_collection.created',
  },
  'sepa.revoke': {
    as: () => member.agent,
    input: () => ({ spaceId: state.spaceId }),
    kind: 'sepa_mandate.revoked',
  },
  // A statement names the member and an amount two of their invoices share: imported, then one click settles.
  'bankStatements.import': {
    input: async () => {
      for (const _ of [1, 2])
        await ok(member.agent, 'formulas.buy', {
          formulaId: state.formulaId,
          paymentMethod: 'bank_transfer',
          idempotencyKey: crypto.randomUUID(),
        });
      const [invoice] = await rowsOf<{ total_cents: number }>(
        app.database.db,
        sql`SELECT total_cents FROM invoices
            WHERE space_id = ${state.spaceId} AND kind = 'invoice' ORDER BY sequence DESC LIMIT 1`,
      );
      const entries = [
        {
          reference: 'ACT-1',
          amountCents: Number(invoice!.total_cents),
          name: member.user.name,
          remittance: 'virement',
        },
      ];
      return {
        spaceId: state.spaceId,
        fileName: 'releve.xml',
        content: camt053({ messageId: 'ACTIVITY-1', day: '2027-03-01', entries }),
      };
    },
    kind: 'bank_statement.imported',
  },
  'bankStatements.confirm': {
    input: () => ({ lineId: state.statementLineId, option: 0 }),
    kind: 'payment.recorded',
    alsoKinds: ['order.paid'],
  },
  // Door displays: a link for the room, its settings, a booking checked in at the door with its code, revoked.
  'doorDisplays.create': {
    input: () => ({ spaceId: state.spaceId, roomId: state.roomId, name: 'Entrée' }),
    kind: 'door_display.created',
  },
  'doorDisplays.updateSettings': {
    input: () => ({ spaceId: state.spaceId, showTitles: true, locale: 'en' }),
    kind: 'door_display_settings.changed',
  },
  'doorDisplays.checkIn': {
    as: () => app.agent(),
    input: async () => {
      const id = await book(member.agent, state.roomId, 7);
      now = new Date(START.getTime() + 7 * 3_600_000);
      const [row] = await rowsOf<{ check_in_code: string }>(
        app.database.db,
        sql`SELECT check_in_code FROM reservations WHERE id = ${id}`,
      );
      return { token: state.displayToken, code: row!.check_in_code };
    },
    kind: 'reservation.checked_in',
    actor: { actor_type: 'system', actor_id: null },
    after: () => (now = START),
  },
  'doorDisplays.revoke': {
    input: () => ({ spaceId: state.spaceId, displayId: state.displayId }),
    kind: 'door_display.revoked',
  },
  'formulas.setArchived': {
    input: () => ({ formulaId: state.formulaId, archived: true }),
    kind: 'formula.archived',
  },
  'events.updateSettings': {
    input: () => ({ spaceId: state.spaceId, offerHours: 12 }),
    kind: 'event_settings.changed',
  },
  'events.create': {
    input: () => ({ spaceId: state.spaceId, event: { ...EVENT_FORM, roomId: state.roomId } }),
    kind: 'event.created',
  },
  'events.update': {
    input: () => ({
      id: state.eventId,
      event: { ...EVENT_FORM, roomId: state.roomId, titleFr: 'Atelier couture et broderie' },
    }),
    kind: 'event.updated',
  },
  'events.setCover': {
    input: async () => ({
      id: state.eventId,
      cover: { fileKey: await upload(owner.agent, 'event-cover'), altFr: 'Une machine à coudre' },
    }),
    kind: 'event.cover_changed',
  },
  'events.publish': { input: () => ({ id: state.eventId }), kind: 'event.published' },
  'events.duplicate': { input: () => ({ id: state.eventId }), kind: 'event.created' },
  'events.register': {
    as: () => member.agent,
    input: () => ({ eventId: state.eventId }),
    kind: 'registration.created',
  },
  'events.cancelRegistration': {
    as: () => member.agent,
    input: () => ({ eventId: state.eventId }),
    kind: 'registration.cancelled',
  },
  'events.acceptOffer': {
    as: () => member.agent,
    input: async () => {
      await offerToMember(state.eventId);
      return { eventId: state.eventId };
    },
    kind: 'registration.offer_accepted',
  },
  'events.declineOffer': {
    as: () => member.agent,
    input: async () => {
      await ok(owner.agent, 'events.publish', { id: state.copyId });
      await offerToMember(state.copyId);
      return { eventId: state.copyId };
    },
    kind: 'registration.offer_declined',
  },
  'events.checkIn': {
    input: async () => {
      const [row] = await rowsOf<{ id: string }>(
        app.database.db,
        sql`SELECT id FROM event_registrations WHERE event_id = ${state.eventId} AND user_id = ${member.user.id}`,
      );
      return { registrationId: row!.id, present: true };
    },
    kind: 'registration.checked_in',
  },
  'events.markPaid': {
    // A paid place the member bought at price, on a paid copy of the workshop.
    input: async () => {
      const created = await ok<{ id: string }>(owner.agent, 'events.create', {
        spaceId: state.spaceId,
        event: { ...EVENT_FORM, titleFr: 'Atelier payant', priceExclVatCents: 2000 },
      });
      await ok(owner.agent, 'events.publish', { id: created.result.id });
      const registration = await ok<{ id: string }>(member.agent, 'events.register', {
        eventId: created.result.id,
        payWith: 'price',
        paymentMethod: 'on_site',
      });
      return { registrationId: registration.result.id };
    },
    kind: 'registration.paid',
    // The space invoices its sales by then: the place's invoice gets the payment.
    alsoKinds: ['payment.recorded'],
  },
  'events.cancel': {
    input: () => ({ id: state.eventId, reason: 'Intervenante malade' }),
    kind: 'event.cancelled',
  },
  // The community, while owner and member share the space.
  'community.updateDirectorySettings': {
    input: () => ({ visible: true, fields: ['name', 'skills'], links: [] }),
    kind: 'directory.updated',
  },
  'community.contactMember': {
    as: () => member.agent,
    input: () => ({ memberId: owner.user.id, message: 'Bonjour, un café ?' }),
    kind: 'message.sent',
  },
  'community.answerMessage': {
    input: async () => {
      const [message] = await rowsOf<{ id: string }>(
        app.database.db,
        sql`SELECT id FROM community_messages WHERE recipient_id = ${owner.user.id} LIMIT 1`,
      );
      return { messageId: message!.id, message: 'Avec plaisir.' };
    },
    kind: 'message.sent',
  },
  'community.createAd': {
    as: () => member.agent,
    input: () => ({
      category: 'equipment',
      kind: 'offer',
      title: 'Écran à prêter',
      body: 'Un écran 27 pouces.',
      spaceIds: [state.spaceId],
    }),
    kind: 'ad.created',
  },
  'community.updateAd': {
    as: () => member.agent,
    input: () => ({
      id: state.adId,
      ad: {
        category: 'equipment',
        kind: 'offer',
        title: 'Écran 27 pouces à prêter',
        body: 'Un écran 27 pouces, avec son câble.',
        spaceIds: [state.spaceId],
      },
    }),
    kind: 'ad.updated',
  },
  'community.replyToAd': {
    input: () => ({ adId: state.adId, message: 'Je veux bien l’emprunter.' }),
    kind: 'message.sent',
  },
  'community.report': {
    input: () => ({ subject: 'ad', subjectId: state.adId, reason: 'Hors sujet.' }),
    kind: 'report.created',
  },
  'community.decideReport': {
    input: () => ({ reportId: state.reportId, decision: 'dismiss', reason: 'Rien à redire.' }),
    kind: 'report.dismissed',
  },
  'community.reinstate': {
    input: async () => {
      // Hidden by a moderator's decision (decideReport's scenario dismissed its report).
      await app.database.db.execute(
        sql`UPDATE ads SET status = 'hidden', hidden_at = now() WHERE id = ${state.adId}`,
      );
      return { subject: 'ad', subjectId: state.adId, reason: 'Conforme après vérification.' };
    },
    kind: 'report.reinstated',
  },
  'community.closeAd': { as: () => member.agent, input: () => ({ id: state.adId }), kind: 'ad.closed' },
  // Documents the space shares: with everyone (the member confirms reading it), then with the member alone.
  'documents.create': {
    input: async () => ({
      spaceId: state.spaceId,
      fileKey: await upload(owner.agent, 'shared-document'),
      title: 'Règlement intérieur',
      share: { audience: 'space' },
    }),
    kind: 'document.shared',
  },
  'documents.acknowledge': {
    as: () => member.agent,
    input: () => ({ documentId: state.documentId }),
    kind: 'document.acknowledged',
  },
  'documents.share': {
    input: () => ({ documentId: state.documentId, share: { audience: 'member', memberId: member.user.id } }),
    kind: 'document.shared',
  },
  'documents.revokeShare': {
    input: () => ({ shareId: state.documentShareId }),
    kind: 'document.share_revoked',
  },
  'backoffice.removeFromTeam': {
    input: () => ({ spaceId: state.spaceId, userId: member.user.id }),
    kind: 'member.removed',
  },
  'backoffice.archive': { input: () => ({ spaceId: state.spaceId }), kind: 'space.archived' },
  'blogAdmin.create': { as: () => admin.agent, input: () => ARTICLE, kind: 'article.created' },
  'blogAdmin.update': {
    as: () => admin.agent,
    input: () => ({ id: state.articleId, article: { ...ARTICLE, tags: ['coworking', 'escale'] } }),
    kind: 'article.updated',
  },
  'blogAdmin.publish': {
    as: () => admin.agent,
    input: () => ({ id: state.articleId, publishAt: '2027-03-08T08:00:00Z' }),
    kind: 'article.published',
  },
  'blogAdmin.unpublish': {
    as: () => admin.agent,
    input: () => ({ id: state.articleId }),
    kind: 'article.unpublished',
  },
  'blogAdmin.delete': {
    as: () => admin.agent,
    input: () => ({ id: state.articleId }),
    kind: 'article.deleted',
  },
  'contentAdmin.createFaqEntry': { as: () => admin.agent, input: () => FAQ_ENTRY, kind: 'faq_entry.created' },
  'contentAdmin.updateFaqEntry': {
    as: () => admin.agent,
    input: () => ({ id: state.faqEntryId, entry: { ...FAQ_ENTRY, published: false } }),
    kind: 'faq_entry.updated',
  },
  'contentAdmin.deleteFaqEntry': {
    as: () => admin.agent,
    input: () => ({ id: state.faqEntryId }),
    kind: 'faq_entry.deleted',
  },
  'contentAdmin.createPartner': { as: () => admin.agent, input: () => PARTNER, kind: 'partner.created' },
  'contentAdmin.updatePartner': {
    as: () => admin.agent,
    input: () => ({
      id: state.partnerId,
      partner: { ...PARTNER, websiteUrl: 'https://tiers-lieux.example' },
    }),
    kind: 'partner.updated',
  },
  'contentAdmin.deletePartner': {
    as: () => admin.agent,
    input: () => ({ id: state.partnerId }),
    kind: 'partner.deleted',
  },
  'profile.update': {
    as: () => member.agent,
    input: () => ({
      name: 'Ada Lovelace',
      locale: 'fr',
      company: 'Analytical Engines',
      jobTitle: null,
      skills: ['Maths'],
      bio: null,
      communityVisible: true,
      notificationSettings: { ...DEFAULT_NOTIFICATIONS, productNews: true },
    }),
    kind: 'profile.updated',
  },
  'profile.setLocale': { as: () => member.agent, input: () => ({ locale: 'en' }), kind: 'profile.updated' },
  'profile.changeEmail': {
    as: () => member.agent,
    input: () => ({ newEmail: `new-${member.user.email}` }),
    kind: 'email.change_requested',
  },
  'profile.changePassword': {
    as: () => member.agent,
    input: () => ({
      currentPassword: member.user.password,
      newPassword: 'an even longer password',
      signOutOtherDevices: false,
    }),
    kind: 'password.changed',
  },
  'profile.setAvatar': {
    as: () => member.agent,
    input: async () => ({ key: await upload(member.agent, 'avatar') }),
    kind: 'profile.avatar_changed',
  },
  'profile.removeAvatar': { as: () => member.agent, input: () => ({}), kind: 'profile.avatar_removed' },
  'profile.signOutEverywhere': {
    as: () => member.agent,
    input: () => ({}),
    kind: 'session.signed_out_everywhere',
  },
  'profile.deleteAccount': {
    as: () => member.agent,
    input: () => ({ confirmEmail: member.user.email }),
    kind: 'account.deleted',
  },
};

/** What a scenario's result tells the later ones. */
function remember(name: string, result: unknown) {
  if (name === 'backoffice.createSpace') state.spaceId = (result as { id: string }).id;
  if (name === 'backoffice.createRoom') state.roomId = (result as { id: string }).id;
  if (name === 'backoffice.addPhoto') state.photoId = (result as { id: string }).id;
  if (name === 'formulas.create') state.formulaId = (result as { id: string }).id;
  if (name === 'documents.create') state.documentId = (result as { id: string }).id;
  if (name === 'documents.share') {
    const { shares } = result as { shares: Array<{ id: string; audience: string }> };
    state.documentShareId = shares.find((share) => share.audience === 'member')!.id;
  }
  if (name === 'events.create') state.eventId = (result as { id: string }).id;
  if (name === 'events.duplicate') state.copyId = (result as { id: string }).id;
  if (name === 'formulas.buy') {
    const bought = result as { planId: string; order: { id: string } };
    state.planId = bought.planId;
    state.orderId = bought.order.id;
  }
  if (name === 'community.createAd') state.adId = (result as { id: string }).id;
  if (name === 'community.report') state.reportId = (result as { id: string }).id;
  if (name === 'blogAdmin.create') state.articleId = (result as { id: string }).id;
  if (name === 'contentAdmin.createFaqEntry') state.faqEntryId = (result as { id: string }).id;
  if (name === 'contentAdmin.createPartner') state.partnerId = (result as { id: string }).id;
  if (name === 'bankStatements.import')
    state.statementLineId = (result as { lines: Array<{ id: string }> }).lines[0]!.id;
  if (name === 'doorDisplays.create') {
    const created = result as { display: { id: string }; url: string };
    state.displayId = created.display.id;
    state.displayToken = new URL(created.url).pathname.split('/').at(-1)!;
  }
}

describe('every mutating callable', () => {
  it('has a scenario here (a new one must write its entry and get one)', () => {
    const mutating = createRouter({ auth: app.auth, fileStore: app.fileStore })
      .definitions()
      .filter((def) => def.mutates)
      .map((def) => def.name)
      .sort();
    expect(Object.keys(SCENARIOS).sort()).toEqual(mutating);
  });

  it.each(Object.entries(SCENARIOS))('%s writes its entry with the request', async (name, scenario) => {
    // Signed out everywhere, the member signs in again (with the password they chose) to delete their account.
    if (name === 'profile.deleteAccount') {
      member.agent = app.agent();
      expect((await member.agent.signIn(member.user.email, 'an even longer password')).status).toBe(200);
    }
    const agent = (scenario.as ?? (() => owner.agent))();
    const input = await scenario.input();
    const { result, requestId } = await ok(agent, name, input);
    scenario.after?.();
    remember(name, result);
    const entries = await entriesOfRequest(requestId);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(
      [scenario.kind, ...(scenario.alsoKinds ?? [])].sort(),
    );
    const entry = entries.find((candidate) => candidate.kind === scenario.kind);
    if (scenario.actor) {
      expect(entry).toMatchObject(scenario.actor);
    } else if (scenario.kind === 'account.deleted') {
      // Written naming no one: the person is gone.
      expect(entry).toMatchObject({ actor_type: 'user', actor_id: null, actor_ip: null });
    } else {
      const actorId =
        agent === owner.agent ? owner.user.id : agent === admin.agent ? admin.user.id : member.user.id;
      // Loopback's address, kept to its /24.
      expect(entry).toMatchObject({ actor_type: 'user', actor_id: actorId, actor_ip: '127.0.0.0' });
    }
    // No secret ever: no hash, no token, no password in what is recorded.
    expect(JSON.stringify([entry!.changes, entry!.details])).not.toMatch(
      /password|hash|token|\$argon|scrypt/i,
    );
  });

  it('records the change field by field and whom it is about', async () => {
    const rows = await rowsOf<Row>(
      app.database.db,
      sql`SELECT * FROM activity_entries WHERE space_id = ${state.spaceId} ORDER BY id`,
    );
    const first = (kind: string) => rows.find((row) => row.kind === kind)!;
    expect(first('room.price_changed').changes).toEqual({ hourlyPriceCents: { before: 3000, after: 3500 } });
    expect(first('space.policy_changed').changes).toEqual({
      freeCancellationHours: { before: 24, after: 48 },
    });
    expect(first('reservation.created').details).toMatchObject({
      roomName: SAMPLE_ROOM.name,
      spaceName: 'Le Phare',
      startsAt: localInstant('2027-03-10T09:00'),
      status: 'confirmed',
    });
    // A manager acting on a member's booking: the entry is about the member (whose account is gone since,
    // so the reason the manager gave, which may name them, went with it).
    expect(first('reservation.declined')).toMatchObject({
      actor_id: owner.user.id,
      about_user_id: null,
      changes: { status: { before: 'pending', after: 'declined' } },
    });
    expect(first('reservation.declined').details).not.toHaveProperty('reason');
    expect(first('member.invited').details).toMatchObject({ role: 'member', spaceName: 'Le Phare' });
  });
});

describe('a deleted account', () => {
  it('keeps its entries, anonymised: no id, no address, no personal values', async () => {
    // The member of the scenarios above deleted their account last.
    const theirs = await rowsOf<Row>(
      app.database.db,
      sql`SELECT * FROM activity_entries WHERE subject_id IN (
            SELECT id::text FROM reservations WHERE user_id = ${member.user.id})
          OR (subject_type = 'user' AND subject_id = ${member.user.id})
          ORDER BY id`,
    );
    expect(theirs.length).toBeGreaterThan(10);
    for (const row of theirs) {
      expect(row.actor_id).not.toBe(member.user.id);
      expect(row.about_user_id).toBeNull();
      expect(row.anonymised_at).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(member.user.email);
    }
    const own = theirs.filter((row) => row.subject_type === 'user' && row.kind !== 'account.deleted');
    expect(
      own.every((row) => Object.keys(row.changes).length === 0 && Object.keys(row.details).length === 0),
    ).toBe(true);
    // The manager's side of the story stays theirs.
    const declined = theirs.find((row) => row.kind === 'reservation.declined')!;
    expect(declined.actor_id).toBe(owner.user.id);
    expect(declined.details).toMatchObject({ roomName: expect.any(String) });
    expect(declined.details).not.toHaveProperty('reason');
  });

  it('lets the other person of an entry delete theirs too, later', async () => {
    const [declined] = await rowsOf<{ id: number }>(
      app.database.db,
      sql`SELECT id FROM activity_entries WHERE kind = 'reservation.declined' AND actor_id = ${owner.user.id}`,
    );
    await ok(owner.agent, 'profile.deleteAccount', { confirmEmail: owner.user.email });
    const [row] = await rowsOf<Row>(
      app.database.db,
      sql`SELECT * FROM activity_entries WHERE id = ${declined!.id}`,
    );
    expect(row).toMatchObject({
      actor_id: null,
      actor_ip: null,
      about_user_id: null,
      kind: 'reservation.declined',
    });
  });
});

describe('account and security events (better-auth)', () => {
  it('logs a sign-in with the request and the address, and says how', async () => {
    const person = await createTestUser(app.database.db);
    const agent = app.agent();
    const response = await agent.signIn(person.email, person.password);
    expect(response.status).toBe(200);
    const entries = await entriesOfRequest(response.headers.get('x-request-id')!);
    expect(entries).toMatchObject([
      {
        kind: 'session.signed_in',
        actor_type: 'user',
        actor_ip: '127.0.0.0',
        details: { method: 'password' },
      },
    ]);
  });

  it('logs an account created at sign-up', async () => {
    const agent = app.agent();
    const email = `signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await agent.signUp({ name: 'Grace', email, password: 'a long enough password' });
    expect(response.status).toBe(200);
    const entries = await entriesOfRequest(response.headers.get('x-request-id')!);
    expect(entries).toMatchObject([
      { kind: 'account.created', subject_type: 'user', actor_id: await idOf(email) },
    ]);
  });
});

async function idOf(email: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ id: string }>(
    app.database.db,
    sql`SELECT id FROM users WHERE email = ${email}`,
  );
  return row?.id;
}
