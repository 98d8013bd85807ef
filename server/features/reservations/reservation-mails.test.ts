// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TReservation } from '#contract/reservations';
import { startSmtpTestServer, type SmtpTestServer } from '../../../tests/support/smtp-test-server';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { jobs } from '../../db/schema/jobs';
import { reservations } from '../../db/schema/reservations';
import { JOBS } from '../../jobs';
import { accountMailJob } from '../../platform/account-mails';
import { createJobRunner, enqueueJob } from '../../platform/jobs';
import { createLogger, type Logger } from '../../platform/log';
import { createMailer } from '../../platform/mail';
import { systemContext } from '../../platform/service-context';
import { sweepReservations } from './lifecycle.service';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';

/**
 * The one e-mail pipeline end to end: jobs queued by the reservations' own transactions, run by the real
 * runner with every definition of the app, delivered to a real SMTP server on loopback.
 */

const START = new Date(localInstant('2027-03-01T08:00'));
let now = START;
const router = reservationsRouter(() => now);

const database = testDatabaseForFile();
let smtp: SmtpTestServer;
let dataDir: string;
const logLines: string[] = [];
let spaceId: string;
let manager: TestPerson;

/** A logger that keeps its lines, to read what the pipeline said about a message it did not send. */
function keepingLogger(base: Record<string, unknown> = {}): Logger {
  const write = (message: string, fields: Record<string, unknown> = {}) =>
    void logLines.push(`${message} ${JSON.stringify({ ...base, ...fields })}`);
  return { ...createLogger(), debug: write, info: write, warn: write, error: write, child: keepingLogger };
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-mail-jobs-'));
  manager = await insertPerson(database.db, { name: 'Manon Manager' });
  spaceId = await insertSpace(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
});
afterAll(async () => {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  now = START;
  logLines.length = 0;
  await database.db.delete(jobs);
});

/** Runs what is queued, at the test's clock, as the server's runner would. */
async function runJobs() {
  const runner = createJobRunner({
    db: database.db,
    jobs: JOBS,
    baseUrl: 'https://escale.test',
    mailer: createMailer({ smtpUrl: smtp.url, mailFrom: 'Escale <no-reply@escale.test>', dataDir }),
    log: keepingLogger(),
  });
  await database.db.update(jobs).set({ runAt: now }).where(eq(jobs.status, 'queued'));
  return runner.runDue(now);
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

const call = <T>(name: string, input: unknown, person: TestPerson) =>
  router.invoke(`reservations.${name}`, input, contextFor(database.db, person.session)) as Promise<T>;

function book(person: TestPerson, roomId: string, from: string, to: string) {
  return call<TReservation>(
    'create',
    {
      roomId,
      startsAt: localInstant(from),
      endsAt: localInstant(to),
      attendees: 1,
      idempotencyKey: randomUUID(),
    },
    person,
  );
}

describe('the e-mail pipeline', () => {
  it('writes a message in its recipient’s language, as HTML and text, from the app’s catalogue', async () => {
    const french = await insertPerson(database.db, { locale: 'fr', name: 'Léa' });
    const english = await insertPerson(database.db, { locale: 'en', name: 'Sam' });
    const roomId = await insertRoom(database.db, spaceId, { name: 'Salle Canal' });
    await book(french, roomId, '2027-03-10T09:00', '2027-03-10T10:00');
    await book(english, roomId, '2027-03-10T10:00', '2027-03-10T11:00');
    expect(await runJobs()).toBe(2);

    const [fr] = mailsTo(french.email);
    expect(fr!.subject).toBe('Réservation confirmée : Salle Canal, mercredi 10 mars 2027');
    expect(fr!.html).toContain('<html lang="fr">');
    expect(fr!.text).toMatch(/^Bonjour Léa,\r?\n/);
    expect(fr!.text).toContain('Quand : mercredi 10 mars 2027, 09:00 – 10:00 (heure de Paris, 1 h)');
    expect(fr!.text).toContain('Voir ma réservation : https://escale.test/result?reservation=');
    const [en] = mailsTo(english.email);
    expect(en!.subject).toBe('Booking confirmed: Salle Canal, Wednesday 10 March 2027');
    expect(en!.html).toContain('<html lang="en">');
    expect(en!.text).toMatch(/^Hello Sam,\r?\n/);
    expect(en!.text).toContain('When: Wednesday 10 March 2027, 10:00 – 11:00 (Paris time, 1 h)');
    // A confirmation is always sent: it names no setting to turn it off.
    expect(en!.text).not.toContain('/profile');

    // The member changes language: the next message follows (it is read when the job runs).
    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, french.id));
    await call('cancel', { id: (await firstReservationOf(french)).id }, french);
    await runJobs();
    expect(mailsTo(french.email)[1]!.subject).toBe('Booking cancelled: Salle Canal, Wednesday 10 March 2027');
  });

  it('skips an optional message the recipient turned off (the job is done, the reason logged) and always sends what the booking needs', async () => {
    const member = await insertPerson(database.db, { locale: 'en', name: 'Opted Out' });
    await database.db
      .update(users)
      .set({ notificationSettings: { reservationUpdates: false, reminders: false } })
      .where(eq(users.id, member.id));
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true, name: 'Atelier' });

    // The acknowledgement of a request is optional: not sent.
    const request = await book(member, roomId, '2027-03-12T09:00', '2027-03-12T10:00');
    await runJobs();
    expect(mailsTo(member.email)).toEqual([]);
    expect(logLines.join('\n')).toMatch(
      /mail not sent .*"reason":"the recipient turned reservationUpdates off"/,
    );

    // The approval confirms the booking: sent whatever the settings.
    await call('approve', { id: request.id }, manager);
    await runJobs();
    expect(mailsTo(member.email).map((mail) => mail.subject)).toEqual([
      'Request accepted: Atelier, Friday 12 March 2027',
    ]);

    // The reminder is optional: not sent.
    await database.db.update(reservations).set({ createdAt: START }).where(eq(reservations.id, request.id));
    now = new Date(localInstant('2027-03-11T09:30'));
    expect(
      (await sweepReservations(systemContext({ db: database.db, log: keepingLogger(), now }))).reminded,
    ).toBe(1);
    await runJobs();
    expect(mailsTo(member.email)).toHaveLength(1);
    expect(logLines.join('\n')).toContain('the recipient turned reminders off');

    // A cancellation by the space: always sent.
    await call('cancel', { id: request.id, reason: 'Travaux imprévus' }, manager);
    await runJobs();
    expect(mailsTo(member.email).map((mail) => mail.subject)).toEqual([
      'Request accepted: Atelier, Friday 12 March 2027',
      'Booking cancelled: Atelier, Friday 12 March 2027',
    ]);
    // Every job ran once and is done: skipping is not failing.
    const rows = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} <> 'reservations.sweep'`);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(rows.map(() => ['done', 1]));
  });

  it('sends an optional message to whoever left it on, saying where to turn it off', async () => {
    const member = await insertPerson(database.db, { locale: 'fr', name: 'Defaults' });
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true, name: 'Patio' });
    await book(member, roomId, '2027-03-15T09:00', '2027-03-15T10:00');
    await runJobs();
    const [requested] = mailsTo(member.email);
    expect(requested!.subject).toBe('Demande de réservation envoyée : Patio, lundi 15 mars 2027');
    expect(requested!.text).toContain('Choisir mes notifications : https://escale.test/profile');
  });

  it('sends nothing to a deleted account, even what is always sent', async () => {
    const member = await insertPerson(database.db, { locale: 'fr' });
    const roomId = await insertRoom(database.db, spaceId);
    await book(member, roomId, '2027-03-16T09:00', '2027-03-16T10:00');
    await database.db.update(users).set({ deletedAt: now }).where(eq(users.id, member.id));
    await runJobs();
    expect(mailsTo(member.email)).toEqual([]);
    expect(logLines.join('\n')).toContain('the account no longer exists');
  });

  it('fails a malformed mail job at once with its reason, and delivers the good one beside it', async () => {
    await database.db.execute(sql`
      INSERT INTO jobs (kind, payload)
      VALUES ('reservations.mail', '{"reservationId": "not-a-uuid", "event": "exploded"}'::jsonb)`);
    await enqueueJob(database.db, accountMailJob, {
      message: 'passwordChanged',
      to: 'still-sent@example.test',
      name: null,
      locale: 'en',
      url: 'https://escale.test/auth/Login',
    });
    expect(await runJobs()).toBe(2);
    const [bad] = await database.db.select().from(jobs).where(eq(jobs.kind, 'reservations.mail'));
    expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
    expect(bad!.lastError).toContain('malformed payload for reservations.mail');
    expect(bad!.lastError).toContain('reservationId');
    expect(bad!.lastError).toContain('event');
    expect(logLines.join('\n')).toContain('job cannot run, failed');
    expect(mailsTo('still-sent@example.test').map((mail) => mail.subject)).toEqual([
      'Your password was changed',
    ]);
  });
});

async function firstReservationOf(person: TestPerson) {
  const [row] = await database.db.select().from(reservations).where(eq(reservations.userId, person.id));
  return row!;
}
