// @databases pglite
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCallable, type Access } from '#contract/callable';
import { AppError, ERROR_CODES, HTTP_STATUS_OF_CODE, statusNameOf, type ErrorCode } from '#contract/errors';
import { decodeCallableResponse } from '../app/platform/callable-client';
import { createTestDatabase } from '../tests/support/test-database';
import { testConfig } from '../tests/support/test-config';
import { createApp } from './app';
import type { Database } from './db/client';
import { tenancyCallables } from './features/tenancy/tenancy.callables';
import { createCallableRouter, implement } from './platform/callables';

/** An operation for these tests only, which changes nothing. */
const testCallable = <I extends z.ZodType, O extends z.ZodType>(
  name: string,
  input: I,
  output: O,
  access: Access = 'public',
) => defineCallable({ name, input, output, mutates: false, access });

const failWith = testCallable('test.failWith', z.object({ code: z.enum(ERROR_CODES) }), z.null());
const explode = testCallable('test.explode', z.object({}), z.null());
const leaky = testCallable('test.leaky', z.object({}), z.object({ name: z.string() }));
const membersOnly = testCallable('test.membersOnly', z.object({}), z.null(), 'signed-in');

let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const router = createCallableRouter([
    ...tenancyCallables,
    implement(failWith, async ({ code }) => {
      throw new AppError(code, `failed with ${code}`);
    }),
    implement(explode, async () => {
      throw new Error('database password is hunter2');
    }),
    implement(leaky, async () => ({ name: 'Ada', passwordHash: 'secret' })),
    implement(membersOnly, async () => null),
  ]);
  app = createApp({
    database,
    config: testConfig(),
    router,
    readSession: async () => null,
    getServerBuild: () => Promise.reject(new Error('no pages in this test')),
    mode: 'production',
  });
});

afterAll(() => database.close());

function post(name: string, body: string) {
  return app.request(`/api/fn/${name}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('POST /api/fn/:name', () => {
  it('answers a real callable with its result', async () => {
    const response = await post('tenancy.getBranding', JSON.stringify({ data: { subdomain: 'acme' } }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { name: string; color: string; spaceId: string } };
    expect(body.result).toMatchObject({ name: 'Acme Coworking', color: '#0f766e' });
    expect(body.result.spaceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives invalid-argument for a body that is not JSON', async () => {
    const response = await post('tenancy.getBranding', '{not json');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('gives invalid-argument for a body without a data field', async () => {
    const response = await post('tenancy.getBranding', JSON.stringify({ subdomain: 'acme' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('gives invalid-argument naming the failing fields for a schema-invalid body', async () => {
    const response = await post(
      'tenancy.getBranding',
      JSON.stringify({ data: { subdomain: 'not a label!' } }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { status: string; details: { fields: { path: string }[] } };
    };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.details.fields.map((field) => field.path)).toEqual(['subdomain']);
  });

  it('gives not-found for an unknown function', async () => {
    const response = await post('nothing.here', JSON.stringify({ data: {} }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
  });

  it('gives not-found when the service finds nothing', async () => {
    const response = await post('tenancy.getBranding', JSON.stringify({ data: { subdomain: 'nobody' } }));
    expect(response.status).toBe(404);
  });

  it('gives internal with no stack nor message of an unexpected exception', async () => {
    const response = await post('test.explode', JSON.stringify({ data: {} }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { status: 'INTERNAL', message: 'Internal error' } });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('at ');
  });

  it('never sends fields the output schema does not name', async () => {
    const response = await post('test.leaky', JSON.stringify({ data: {} }));
    expect(await response.json()).toEqual({ result: { name: 'Ada' } });
  });

  it('refuses a signed-in operation to an anonymous caller with unauthenticated', async () => {
    const response = await post('test.membersOnly', JSON.stringify({ data: {} }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('refuses other methods than POST', async () => {
    const response = await app.request('/api/fn/tenancy.getBranding');
    expect(response.status).toBe(400);
  });

  const errorCodes = ERROR_CODES.filter((code): code is Exclude<ErrorCode, 'ok'> => code !== 'ok');
  it.each(errorCodes.map((code) => [code]))(
    'carries %s to the client with its HTTP status and back to the same code',
    async (code) => {
      const response = await post('test.failWith', JSON.stringify({ data: { code } }));
      expect(response.status).toBe(HTTP_STATUS_OF_CODE[code]);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({
        error: { status: statusNameOf(code), message: `failed with ${code}` },
      });
      expect(() => decodeCallableResponse(response.status, text)).toThrowError(
        expect.objectContaining({ code, message: `failed with ${code}` }),
      );
    },
  );
});

describe('health', () => {
  it('says the process is up on /healthz', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('says the database answers on /readyz', async () => {
    const response = await app.request('/readyz');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
