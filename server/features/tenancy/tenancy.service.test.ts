// @databases pglite
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { spaces } from '../../db/schema/spaces';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { RESERVED_SUBDOMAIN } from '#contract/tenancy';
import { findBrandingForHost, getBranding, subdomainOfHost } from './tenancy.service';

describe('subdomainOfHost', () => {
  it.each([
    ['acme.escale.fr', 'escale.fr', 'acme'],
    ['ACME.Escale.FR', 'escale.fr', 'acme'],
    ['acme.escale.fr:8443', 'escale.fr', 'acme'],
    ['acme.escale.fr.', 'escale.fr', 'acme'],
    ['acme.localhost:4330', 'localhost', 'acme'],
    // Only the first label under the root domain counts.
    ['www.acme.escale.fr', 'escale.fr', 'acme'],
    ['beta.escale.fr', 'escale.fr', null],
    ['BETA.localhost:3000', 'localhost', null],
    ['www.beta.escale.fr', 'escale.fr', null],
    ['escale.fr', 'escale.fr', null],
    ['localhost:3000', 'localhost', null],
    ['evil.com', 'escale.fr', null],
    ['acme.escale.fr.evil.com', 'escale.fr', null],
    ['notescale.fr', 'escale.fr', null],
    ['', 'escale.fr', null],
    [null, 'escale.fr', null],
    [undefined, 'escale.fr', null],
  ])('%s under %s is %s', (host, root, expected) => {
    expect(subdomainOfHost(host, root)).toBe(expected);
  });

  it('treats beta as no subdomain (seed section 4)', () => {
    expect(RESERVED_SUBDOMAIN).toBe('beta');
  });
});

describe('branding by subdomain', () => {
  let database: Database;
  const visitor = () => systemContext({ db: database.db, log, now: new Date() });

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });

  afterAll(() => database.close());

  it("gives a known subdomain its space's colour and id", async () => {
    const branding = await findBrandingForHost(visitor(), 'acme.localhost:4330', 'localhost');
    expect(branding).toMatchObject({ subdomain: 'acme', color: '#0f766e', name: 'Acme Coworking' });
    expect(branding?.spaceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives nothing for beta, which means the platform itself', async () => {
    expect(await findBrandingForHost(visitor(), 'beta.localhost:4330', 'localhost')).toBeNull();
  });

  it('gives nothing for an unknown subdomain, so the space id stays empty', async () => {
    expect(await findBrandingForHost(visitor(), 'nobody.localhost:4330', 'localhost')).toBeNull();
  });

  it('gives nothing for the bare root domain', async () => {
    expect(await findBrandingForHost(visitor(), 'localhost:4330', 'localhost')).toBeNull();
  });

  it('gives no branding for the subdomain of a space that is not published, so its name stays private', async () => {
    const [draft] = await database.db
      .insert(spaces)
      .values({ slug: 'brouillon-secret', name: 'Projet secret', subdomain: 'secret', status: 'draft' })
      .returning({ id: spaces.id });
    expect(await findBrandingForHost(visitor(), 'secret.localhost:4330', 'localhost')).toBeNull();
    await expect(getBranding(visitor(), { subdomain: 'secret' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await database.db.update(spaces).set({ status: 'published' }).where(eq(spaces.id, draft!.id));
    expect(await getBranding(visitor(), { subdomain: 'secret' })).toMatchObject({ name: 'Projet secret' });
  });

  it('answers not-found to a direct lookup of an unknown subdomain', async () => {
    await expect(getBranding(visitor(), { subdomain: 'nobody' })).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
