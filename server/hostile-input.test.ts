// @databases pglite
/**
 * Every callable the router serves, and every endpoint of better-auth, sent malformed bodies and hostile
 * values in every field over real HTTP, anonymously, as a member and as a space's owner: nothing may answer
 * 5xx or fail to answer. The cases are made from each operation's zod input schema
 * (tests/support/hostile-input.ts), so a new callable or a new field is covered without touching this file.
 *
 * What reaches the HTTP layer itself goes over real HTTP: each operation's valid input (as every identity) and
 * every malformed body (empty, invalid UTF-8, deeply nested, wrong content types: Node's parser, the adapter's
 * body reading, the body limits). The hostile values of each field, JSON bodies like the valid input's, go to
 * the same app in-process (`inProcessAgent`: the same headers, middleware, session and database, without a
 * socket), where most of their time went to the HTTP client and Node's streams (docs/decisions/026).
 *
 * `npm test` runs a bounded set (fixed seed: one value of each kind per field, a few combinations).
 * `HOSTILE_FUZZ=long` runs every value of every kind on every field and many combinations;
 * `HOSTILE_FUZZ_SEED=<n>` changes the seed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallableDef } from '#contract/callable';
import { TEXT_REFUSAL } from '#contract/input';
import {
  checkAnswer,
  FUZZ_SEED,
  inPool,
  isAttacked,
  LONG_RUN,
  startHostileApp,
  type Finding,
  type HostileApp,
  type Identity,
  unreached,
} from '../tests/support/hostile-app';
import {
  createRng,
  hostileCases,
  jsonSchemaOf,
  HOSTILE_URL_VALUES,
  LONE_SURROGATES,
  MALFORMED_BODIES,
  NUL_STRINGS,
  sampleValid,
  slotsOf,
  withValueAt,
  type HostileCase,
  type JsonSchema,
  type Known,
} from '../tests/support/hostile-input';
import { createRouter } from './callables';

const SETTINGS = LONG_RUN
  ? { bounded: false, combos: 60, hugeSlots: 6 }
  : { bounded: true, combos: 3, hugeSlots: 1 };
const CONCURRENT_REQUESTS = 4;

/**
 * Operations whose success takes away what later cases need (a session, a team member, the space itself):
 * they run after every other one. Only the order depends on this list, not what is covered.
 */
const RUN_LAST = [
  'backoffice.setRoomArchived',
  'backoffice.removeFromTeam',
  'backoffice.archive',
  'profile.signOutEverywhere',
  'profile.deleteAccount',
];

let hostile: HostileApp;
let definitions: CallableDef[];

beforeAll(async () => {
  hostile = await startHostileApp();
  definitions = createRouter({ auth: hostile.app.auth, fileStore: hostile.app.fileStore }).definitions();
}, 120_000);

afterAll(() => hostile?.app.close());

type Body = string | Uint8Array<ArrayBuffer>;

interface WireCase {
  label: string;
  body: Body;
  contentType: string;
  /** Sent over real HTTP rather than in-process. */
  overHttp: boolean;
}

/** A booking reaches the database only with a key never used before: each case gets its own. */
function freshened(data: unknown, known: Known): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  if (record.idempotencyKey !== known.idempotencyKey) return data;
  return { ...record, idempotencyKey: `hostile-${randomBytes(6).toString('hex')}` };
}

function seedFor(name: string): number {
  return FUZZ_SEED + [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0);
}

function wireCases(schema: JsonSchema, known: Known, name: string, wrap: (data: unknown) => unknown) {
  const base = sampleValid(schema, known);
  const cases: HostileCase[] = [
    { label: 'the valid base input', data: base },
    ...hostileCases(schema, base, createRng(seedFor(name)), SETTINGS),
  ];
  return [
    ...cases.map((hostileCase, index) => ({
      label: hostileCase.label,
      body: JSON.stringify(wrap(freshened(hostileCase.data, known))),
      contentType: 'application/json',
      overHttp: index === 0,
    })),
    ...MALFORMED_BODIES.map((malformed) => ({
      label: malformed.label,
      body: malformed.body,
      contentType: malformed.contentType ?? 'application/json',
      overHttp: true,
    })),
  ];
}

function ordered(defs: CallableDef[]): CallableDef[] {
  const rank = (def: CallableDef) =>
    RUN_LAST.includes(def.name) ? 2 + RUN_LAST.indexOf(def.name) : def.mutates ? 1 : 0;
  return [...defs].sort((a, b) => rank(a) - rank(b));
}

/**
 * Sends every case. A long run sends each as every identity; the bounded one sends the valid base input as
 * every identity and each other case as one of them in turn (anonymous callers are refused a signed-in
 * operation before its input is read, so they get no turn there). Answers how many requests were sent, and
 * how many of them over HTTP.
 */
async function attack(
  target: string,
  path: string,
  cases: WireCase[],
  identities: Identity[],
  findings: Finding[],
): Promise<{ sent: number; overHttp: number }> {
  await Promise.all(identities.map((identity) => identity.renew()));
  const sends = cases.flatMap((wire, index) =>
    LONG_RUN || index === 0
      ? identities.map((identity) => ({ wire, identity }))
      : [{ wire, identity: identities[index % identities.length]! }],
  );
  await inPool(sends, CONCURRENT_REQUESTS, async ({ wire, identity }) => {
    const finding = await checkAnswer(
      (signal) =>
        (wire.overHttp ? identity.agent : identity.inProcess).request(path, {
          method: 'POST',
          headers: { 'Content-Type': wire.contentType },
          body: wire.body,
          signal,
        }),
      { target, identity: identity.name, label: wire.label },
    );
    if (finding) findings.push(finding);
  });
  return { sent: sends.length, overHttp: sends.filter(({ wire }) => wire.overHttp).length };
}

describe('every callable under hostile input', () => {
  it('derives a valid base input for every callable, so each hostile value is tried one field at a time', () => {
    const invalid = definitions.flatMap((def) => {
      const result = def.input.safeParse(sampleValid(jsonSchemaOf(def.input), hostile.known));
      return result.success
        ? []
        : [`${def.name}: ${result.error.issues.map((issue) => issue.path.join('.'))}`];
    });
    expect(invalid).toEqual([]);
  });

  it('refuses NUL and lone surrogates in every text field of every callable, naming the field', () => {
    const accepted: string[] = [];
    for (const def of definitions) {
      const schema = jsonSchemaOf(def.input);
      const base = sampleValid(schema, hostile.known);
      for (const slot of slotsOf(schema, base)) {
        if (slot.schema.type !== 'string' || slot.schema.enum || slot.schema.const !== undefined) continue;
        for (const text of [...NUL_STRINGS, ...LONE_SURROGATES]) {
          const result = (def.input as z.ZodType).safeParse(withValueAt(base, slot.path, text));
          const named = result.error?.issues.some((issue) => issue.path.join('.') === slot.path.join('.'));
          if (!named) accepted.push(`${def.name} ${slot.path.join('.')} ${JSON.stringify(text)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('says why in words the browser translates: the shared text schema answers with its key', async () => {
    const [owner] = hostile.identities.filter((identity) => identity.name === 'owner');
    const response = await owner!.agent.call('backoffice.createSpace', { name: 'Le Phare\u0000' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', details: { fields: [{ path: 'name', message: TEXT_REFUSAL }] } },
    });
  });

  it(
    'never answers 5xx nor hangs, anonymously, as a member or as an owner',
    async () => {
      const findings: Finding[] = [];
      let sent = 0;
      let overHttp = 0;
      const perCallable = new Map<string, number>();
      const perCallableOverHttp = new Map<string, number>();
      const attacked = ordered(definitions.filter((def) => isAttacked(def.name)));
      for (const def of attacked) {
        const cases = wireCases(jsonSchemaOf(def.input), hostile.known, def.name, (data) => ({ data }));
        const identities = hostile.identities.filter(
          (identity) => def.access === 'public' || identity.name !== 'anonymous' || LONG_RUN,
        );
        const count = await attack(def.name, `/api/fn/${def.name}`, cases, identities, findings);
        perCallable.set(def.name, count.sent);
        perCallableOverHttp.set(def.name, count.overHttp);
        sent += count.sent;
        overHttp += count.overHttp;
      }
      // Each callable got its valid input and every malformed body at least (a filter matching none fails),
      // those over real HTTP.
      const minimum = attacked.map((def): [string, number] => [def.name, 1 + MALFORMED_BODIES.length]);
      expect(unreached(perCallable, minimum)).toEqual([]);
      expect(unreached(perCallableOverHttp, minimum)).toEqual([]);
      const health = await fetch(`${hostile.app.url}/healthz`);
      expect(health.status).toBe(200);
      console.info(
        `hostile input: ${sent} requests (${overHttp} over HTTP) to ${definitions.length} callables (seed ${FUZZ_SEED})`,
      );
      expect(findings.slice(0, 60)).toEqual([]);
    },
    LONG_RUN ? 3_600_000 : 240_000,
  );
});

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: z.ZodType; query?: z.ZodType };
}

describe('every better-auth endpoint under hostile input', () => {
  it(
    'never answers 5xx nor hangs, anonymously or signed in',
    async () => {
      const endpoints = Object.values(hostile.app.auth.api as unknown as Record<string, AuthEndpoint>).filter(
        (endpoint) => typeof endpoint.path === 'string',
      );
      // Wrong passwords only: a right one would let a case change the member's password for good.
      const known = {
        ...hostile.known,
        password: 'not the password 1',
        newPassword: 'another long password',
      };
      const identities = hostile.identities.filter((identity) => identity.name !== 'owner');
      const findings: Finding[] = [];
      let sent = 0;
      let overHttp = 0;
      const perEndpoint = new Map<string, number>();
      const perEndpointOverHttp = new Map<string, number>();
      const expected: Array<[string, number]> = [];
      for (const endpoint of endpoints.filter((endpoint) => isAttacked(`auth ${endpoint.path}`))) {
        const methods = [endpoint.options?.method ?? 'GET'].flat();
        const before = sent;
        const beforeOverHttp = overHttp;
        const path = `/api/auth${endpoint.path!.replace(/:[A-Za-z]+/g, '%00')}`;
        if (methods.includes('POST')) {
          const schema: JsonSchema = endpoint.options?.body ? jsonSchemaOf(endpoint.options.body) : {};
          const count = await attack(
            `auth ${endpoint.path}`,
            path,
            wireCases(schema, known, endpoint.path!, (data) => data),
            identities,
            findings,
          );
          sent += count.sent;
          overHttp += count.overHttp;
        }
        if (methods.includes('GET')) {
          const schema: JsonSchema = endpoint.options?.query ? jsonSchemaOf(endpoint.options.query) : {};
          const names = Object.keys(schema.properties ?? {});
          for (const [index, value] of HOSTILE_URL_VALUES.entries()) {
            const query = names.map((name) => `${name}=${value}`).join('&');
            const senders = LONG_RUN ? identities : [identities[index % identities.length]!];
            for (const identity of senders) {
              sent += 1;
              overHttp += 1;
              const finding = await checkAnswer(
                (signal) => identity.agent.request(`${path}?${query}`, { signal }),
                { target: `auth GET ${endpoint.path}`, identity: identity.name, label: value.slice(0, 40) },
              );
              if (finding) findings.push(finding);
            }
          }
        }
        perEndpoint.set(`auth ${endpoint.path}`, sent - before);
        perEndpointOverHttp.set(`auth ${endpoint.path}`, overHttp - beforeOverHttp);
        expected.push([
          `auth ${endpoint.path}`,
          (methods.includes('POST') ? 1 + MALFORMED_BODIES.length : 0) +
            (methods.includes('GET') ? HOSTILE_URL_VALUES.length : 0) || 1,
        ]);
      }
      // The valid input, every malformed body and every URL value went over real HTTP.
      expect(unreached(perEndpoint, expected)).toEqual([]);
      expect(unreached(perEndpointOverHttp, expected)).toEqual([]);
      console.info(
        `hostile input: ${sent} requests (${overHttp} over HTTP) to ${endpoints.length} better-auth endpoints`,
      );
      expect(findings.slice(0, 60)).toEqual([]);
    },
    LONG_RUN ? 3_600_000 : 240_000,
  );
});
