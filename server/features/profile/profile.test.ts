// @databases pglite
import { directoryEntries } from '../../db/schema/community';
import { billingDetails } from '../../db/schema/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATIONS } from '#contract/profile';
import { PNG_BYTES } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { accounts, sessions, users } from '../../db/schema/auth';
import { storedFiles } from '../../db/schema/files';
import { spaceMembers } from '../../db/schema/memberships';
import { spaces } from '../../db/schema/spaces';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function resultOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

async function uploadAvatar(agent: Agent, bytes: Uint8Array<ArrayBuffer> = PNG_BYTES) {
  const response = await agent.request('/api/files?purpose=avatar&name=me.png', {
    method: 'POST',
    headers: { 'Content-Type': 'image/png' },
    body: bytes,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { key: string; url: string };
}

const fullUpdate = {
  name: 'Ada Lovelace',
  locale: 'en',
  company: '  Analytical Engines  ',
  jobTitle: 'Programmer',
  skills: ['Maths', 'Poetry', 'Maths'],
  bio: '',
  communityVisible: true,
  notificationSettings: { ...DEFAULT_NOTIFICATIONS, productNews: true },
};

describe('profile.get and profile.update', () => {
  it('starts hidden from the community, with the default notifications', async () => {
    const { agent, user } = await app.signedIn();
    const profile = await resultOf<{
      email: string;
      communityVisible: boolean;
      notificationSettings: unknown;
    }>(await agent.call('profile.get', {}));
    expect(profile.email).toBe(user.email);
    expect(profile.communityVisible).toBe(false);
    expect(profile.notificationSettings).toEqual(DEFAULT_NOTIFICATIONS);
  });

  it('saves every field, cleaned (trimmed, empty → null, skills without duplicates)', async () => {
    const { agent } = await app.signedIn();
    const saved = await resultOf<Record<string, unknown>>(await agent.call('profile.update', fullUpdate));
    expect(saved).toMatchObject({
      name: 'Ada Lovelace',
      locale: 'en',
      company: 'Analytical Engines',
      skills: ['Maths', 'Poetry'],
      bio: null,
      communityVisible: true,
      notificationSettings: { productNews: true },
    });
  });

  it('names the field that is wrong', async () => {
    const { agent } = await app.signedIn();
    const response = await agent.call('profile.update', { ...fullUpdate, name: ' ', bio: 'x'.repeat(1001) });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: { fields: { path: string }[] } } };
    expect(error.details.fields.map((field) => field.path).sort()).toEqual(['bio', 'name']);
  });

  it('makes the profile language the language of the session', async () => {
    const { agent } = await app.signedIn();
    await resultOf(await agent.call('profile.setLocale', { locale: 'en' }));
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await app.readSession(new Headers({ cookie })))?.user.locale).toBe('en');
  });
});

describe('one member and another', () => {
  it('cannot read the other’s profile data or avatar upload through any callable', async () => {
    const ada = await app.signedIn({ name: 'Ada Private' });
    const bob = await app.signedIn({ name: 'Bob Curious' });
    await resultOf(
      await ada.agent.call('profile.update', { ...fullUpdate, name: 'Ada Private', bio: 'secret bio' }),
    );
    const avatar = await uploadAvatar(ada.agent);
    await resultOf(await ada.agent.call('profile.setAvatar', { key: avatar.key }));

    // Every profile operation acts on the caller: Bob only ever sees Bob.
    for (const name of ['profile.get', 'profile.exportData']) {
      const text = await (await bob.agent.call(name, {})).text();
      expect(text).toContain(bob.user.email);
      expect(text).not.toContain(ada.user.email);
      expect(text).not.toContain('secret bio');
      expect(text).not.toContain(avatar.key);
    }
    // Naming someone else is not possible: extra fields are ignored, not obeyed.
    const sneaky = await resultOf<{ email: string }>(
      await bob.agent.call('profile.get', { userId: ada.user.email }),
    );
    expect(sneaky.email).toBe(bob.user.email);
    // Taking Ada's upload as one's own avatar is refused; so is reading or deleting it.
    const stolen = await bob.agent.call('profile.setAvatar', { key: avatar.key });
    expect(stolen.status).toBe(403);
    const read = await bob.agent.request(avatar.url);
    expect(read.status).toBe(403);
    expect(((await read.json()) as { error: { code: string } }).error.code).toBe('storage/unauthorized');
    expect((await bob.agent.request(avatar.url, { method: 'DELETE' })).status).toBe(403);
    expect((await ada.agent.request(avatar.url)).status).toBe(200);
  });

  it('sees the other’s avatar only once they opted into the community and share a space', async () => {
    const ada = await app.signedIn();
    const bob = await app.signedIn();
    const avatar = await uploadAvatar(ada.agent);
    await resultOf(await ada.agent.call('profile.setAvatar', { key: avatar.key }));
    const [space] = await app.database.db
      .insert(spaces)
      .values({ slug: `shared-${Date.now()}`, name: 'Shared' })
      .returning({ id: spaces.id });
    const idOf = async (email: string) =>
      (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    await app.database.db.insert(spaceMembers).values([
      { spaceId: space!.id, userId: await idOf(ada.user.email), role: 'member' },
      { spaceId: space!.id, userId: await idOf(bob.user.email), role: 'member' },
    ]);
    expect((await bob.agent.request(avatar.url)).status).toBe(403);
    await resultOf(await ada.agent.call('profile.update', { ...fullUpdate, communityVisible: true }));
    expect((await bob.agent.request(avatar.url)).status).toBe(200);
  });
});

describe('avatar', () => {
  it('replaces the previous picture, whose file is deleted', async () => {
    const { agent } = await app.signedIn();
    const first = await uploadAvatar(agent);
    await resultOf(await agent.call('profile.setAvatar', { key: first.key }));
    const second = await uploadAvatar(agent);
    const profile = await resultOf<{ image: string }>(
      await agent.call('profile.setAvatar', { key: second.key }),
    );
    expect(profile.image).toBe(second.url);
    expect((await agent.request(first.url)).status).toBe(404);
    expect(await app.fileStore.get(first.key)).toBeNull();

    const removed = await resultOf<{ image: string | null }>(await agent.call('profile.removeAvatar', {}));
    expect(removed.image).toBeNull();
    expect((await agent.request(second.url)).status).toBe(404);
  });
});

describe('password and sessions', () => {
  it('refuses a wrong current password on the field, and a short new one with its reason', async () => {
    const { agent } = await app.signedIn();
    const wrong = await agent.call('profile.changePassword', {
      currentPassword: 'not my password',
      newPassword: 'a new long password',
      signOutOtherDevices: false,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { details: { fields: [{ path: 'currentPassword', message: 'currentPasswordWrong' }] } },
    });
    const short = await agent.call('profile.changePassword', {
      currentPassword: 'whatever',
      newPassword: 'short',
      signOutOtherDevices: false,
    });
    expect(await short.json()).toMatchObject({
      error: { details: { fields: [{ path: 'newPassword', message: 'passwordTooShort' }] } },
    });
  });

  it('changes the password and ends the other devices’ sessions, keeping this one', async () => {
    const { agent, user } = await app.signedIn();
    const otherDevice = app.agent();
    await otherDevice.signIn(user.email, user.password);
    await resultOf(
      await agent.call('profile.changePassword', {
        currentPassword: user.password,
        newPassword: 'the replacement password',
        signOutOtherDevices: true,
      }),
    );
    expect((await agent.call('profile.get', {})).status).toBe(200);
    expect((await otherDevice.call('profile.get', {})).status).toBe(401);
    expect((await app.agent().signIn(user.email, user.password)).status).toBe(401);
    expect((await app.agent().signIn(user.email, 'the replacement password')).status).toBe(200);
  });

  it('signs out everywhere', async () => {
    const { agent, user } = await app.signedIn();
    const otherDevice = app.agent();
    await otherDevice.signIn(user.email, user.password);
    await resultOf(await agent.call('profile.signOutEverywhere', {}));
    expect((await agent.call('profile.get', {})).status).toBe(401);
    expect((await otherDevice.call('profile.get', {})).status).toBe(401);
  });
});

describe('e-mail change', () => {
  it('keeps the old address until the new one is confirmed by its link', async () => {
    const { agent, user } = await app.signedIn();
    const since = Date.now();
    const newEmail = `new-${Date.now()}@example.com`;
    expect(await resultOf(await agent.call('profile.changeEmail', { newEmail }))).toEqual({ sent: true });
    expect((await resultOf<{ email: string }>(await agent.call('profile.get', {}))).email).toBe(user.email);
    const mail = await app.smtp.waitForMail(newEmail, { since });
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    const link = mail.links.find((candidate) => candidate.includes('/api/auth/verify-email'))!;
    const followed = await agent.request(link);
    expect(followed.headers.get('location')).toBe('/profile?email=confirmed');
    expect((await resultOf<{ email: string }>(await agent.call('profile.get', {}))).email).toBe(newEmail);
  });

  it('refuses the address one already has', async () => {
    const { agent, user } = await app.signedIn();
    const response = await agent.call('profile.changeEmail', { newEmail: user.email.toUpperCase() });
    expect(await response.json()).toMatchObject({
      error: { details: { fields: [{ path: 'newEmail', message: 'emailSame' }] } },
    });
  });
});

describe('data export', () => {
  it('contains what we hold on the person, and no password hash or session token', async () => {
    const { agent, user } = await app.signedIn();
    await resultOf(await agent.call('profile.update', { ...fullUpdate, name: user.name }));
    const avatar = await uploadAvatar(agent);
    const data = await resultOf<Record<string, unknown>>(await agent.call('profile.exportData', {}));
    expect(data).toMatchObject({
      profile: { email: user.email, company: 'Analytical Engines', skills: ['Maths', 'Poetry'] },
      signInMethods: [{ provider: 'credential' }],
      files: [{ url: avatar.url, purpose: 'avatar', contentType: 'image/png' }],
    });
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);

    const text = JSON.stringify(data);
    const [account] = await app.database.db
      .select({ password: accounts.password, userId: accounts.userId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, user.email));
    const tokens = await app.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, account!.userId));
    expect(text).not.toContain(account!.password!);
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/"(password|token|passwordHash)"/);
  });
});

describe('account deletion', () => {
  it('asks for the e-mail address typed exactly', async () => {
    const { agent } = await app.signedIn();
    const response = await agent.call('profile.deleteAccount', { confirmEmail: 'someone-else@example.com' });
    expect(await response.json()).toMatchObject({
      error: { details: { fields: [{ path: 'confirmEmail', message: 'confirmEmailMismatch' }] } },
    });
  });

  it('erases personal data, keeps the anonymised row, and signing in fails afterwards', async () => {
    const { agent, user } = await app.signedIn();
    await resultOf(await agent.call('profile.update', { ...fullUpdate, name: user.name, bio: 'about me' }));
    const avatar = await uploadAvatar(agent);
    await resultOf(await agent.call('profile.setAvatar', { key: avatar.key }));
    const [{ id }] = (await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email))) as [{ id: string }];

    // What the invoices and the community feature keep about a person.
    await app.database.db.insert(billingDetails).values({ userId: id, name: user.name, city: 'Lyon' });
    await app.database.db
      .insert(directoryEntries)
      .values({ userId: id, listed: true })
      .onConflictDoUpdate({ target: directoryEntries.userId, set: { listed: true } });
    const exported = await resultOf<{
      billing: { city: string } | null;
      directory: { listed: boolean } | null;
    }>(await agent.call('profile.exportData', {}));
    expect(exported.billing).toMatchObject({ city: 'Lyon' });
    expect(exported.directory).toMatchObject({ listed: true });

    await resultOf(
      await agent.call('profile.deleteAccount', { confirmEmail: ` ${user.email.toUpperCase()} ` }),
    );

    const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      name: '',
      image: null,
      company: null,
      jobTitle: null,
      skills: [],
      bio: null,
      communityVisible: false,
    });
    expect(row!.email).not.toContain(user.email);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await app.database.db.select().from(accounts).where(eq(accounts.userId, id))).toEqual([]);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await app.database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, id))).toEqual([]);
    expect(await app.database.db.select().from(billingDetails).where(eq(billingDetails.userId, id))).toEqual(
      [],
    );
    // Every user row has a directory entry (the community's triggers): back to its defaults, unlisted.
    expect(
      await app.database.db
        .select({ listed: directoryEntries.listed, links: directoryEntries.links })
        .from(directoryEntries)
        .where(eq(directoryEntries.userId, id)),
    ).toEqual([{ listed: false, links: [] }]);
    expect(await app.fileStore.get(avatar.key)).toBeNull();
    expect((await agent.call('profile.get', {})).status).toBe(401);
    expect((await app.agent().signIn(user.email, user.password)).status).toBe(401);
  });
});
