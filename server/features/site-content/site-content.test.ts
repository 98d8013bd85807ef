// @databases pglite
/**
 * The FAQ and the partners page over HTTP: readers get the published entries of their language, rendered
 * and sanitised; only admins write; the demo content carries what the catalogs used to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFaqEntryInput, TPartnerInput } from '#contract/site-content';
import {
  HTTP_CALLERS,
  itServesAdminsOnly,
  signInAroundASpace,
  type HttpCaller,
} from '../../../tests/support/permission-matrix';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import { DEMO_FAQ, DEMO_PARTNERS } from '../../demo/demo-site-content';
import { seedDemoSiteContent } from '../../demo/seed-site-content';

let app: TestApp;
const agents = {} as Record<HttpCaller, Agent>;

beforeAll(async () => {
  app = await startTestApp();
  Object.assign(agents, await signInAroundASpace(app));
  await seedDemoSiteContent(app.database.db);
});
afterAll(() => app.close());

async function call(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  return { status: response.status, result: body.result, error: body.error };
}

async function asAdmin<T>(name: string, data: unknown): Promise<T> {
  const answer = await call(agents.admin, name, data);
  if (answer.status !== 200) throw new Error(`${name} → ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer.result as T;
}

const ENTRY: TFaqEntryInput = {
  topic: 'paying',
  position: 1,
  published: true,
  questionFr: 'Peut-on payer en espèces ?',
  answerFr: 'Selon l’espace. <script>alert(1)</script> [x](javascript:alert(1))',
  questionEn: 'Can I pay cash?',
  answerEn: 'It depends on the space.',
};

const PARTNER: TPartnerInput = {
  icon: 'handshake',
  position: 99,
  published: true,
  nameFr: 'Coopérative',
  bodyFr: 'Une coopérative <img src=x onerror=alert(1)>.',
  nameEn: 'Cooperative',
  bodyEn: 'A cooperative.',
  websiteUrl: 'https://cooperative.example',
};

type Topics = Array<{ topic: string; entries: Array<{ id: string; question: string; answerHtml: string }> }>;

describe('the FAQ', () => {
  it('holds the questions the catalogs used to, in both languages, by topic', async () => {
    const fr = (await call(agents.anonymous, 'content.faq', { locale: 'fr' })).result as Topics;
    expect(fr.map((topic) => topic.topic)).toEqual([
      'booking',
      'cancelling',
      'paying',
      'invoices',
      'formulas',
      'managers',
      'account',
    ]);
    expect(fr.flatMap((topic) => topic.entries)).toHaveLength(DEMO_FAQ.length);
    expect(fr[0]!.entries[1]!.answerHtml).toContain('<a href="/auth/Signup">Le créer</a>');
    const en = (await call(agents.anonymous, 'content.faq', { locale: 'en' })).result as Topics;
    expect(en[0]!.entries[0]!.question).toBe('How do I book a room or a desk?');
  });

  it('renders answers harmless and hides unpublished entries', async () => {
    const { id } = await asAdmin<{ id: string }>('contentAdmin.createFaqEntry', ENTRY);
    const find = async () =>
      ((await call(agents.anonymous, 'content.faq', { locale: 'fr' })).result as Topics)
        .flatMap((topic) => topic.entries)
        .find((entry) => entry.id === id);
    const html = (await find())!.answerHtml;
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|href="javascript:/i);
    await asAdmin('contentAdmin.updateFaqEntry', { id, entry: { ...ENTRY, published: false } });
    expect(await find()).toBeUndefined();
  });
});

describe('the partners page', () => {
  it('holds the blocks the catalogs used to, and new ones in their place', async () => {
    const { id } = await asAdmin<{ id: string }>('contentAdmin.createPartner', PARTNER);
    const fr = (await call(agents.anonymous, 'content.partners', { locale: 'fr' })).result as Array<{
      id: string;
      name: string;
      bodyHtml: string;
    }>;
    expect(fr.map((partner) => partner.name)).toEqual([
      ...DEMO_PARTNERS.map((partner) => partner.nameFr),
      'Coopérative',
    ]);
    expect(fr[0]!.bodyHtml).toContain('<li>');
    expect(fr.find((partner) => partner.id === id)!.bodyHtml).not.toMatch(/<img|<[a-z][^>]*\son\w+=/i);
  });

  it('refuses a website that is not https', async () => {
    const answer = await call(agents.admin, 'contentAdmin.createPartner', {
      ...PARTNER,
      websiteUrl: 'javascript:alert(1)',
    });
    expect(answer.status).toBe(400);
  });
});

describe('who may call what', () => {
  const create = (name: string, input: unknown) => async () => ({
    id: (await asAdmin<{ id: string }>(name, input)).id,
  });
  // An entry made for the call, with the changes the call sends.
  const changed = (name: string, input: unknown, changes: object) => async () => ({
    ...(await create(name, input)()),
    ...changes,
  });
  const ADMIN_CALLS: Array<[string, () => Promise<unknown> | unknown]> = [
    ['contentAdmin.listFaq', () => ({})],
    ['contentAdmin.createFaqEntry', () => ENTRY],
    [
      'contentAdmin.updateFaqEntry',
      changed('contentAdmin.createFaqEntry', ENTRY, { entry: { ...ENTRY, position: 7 } }),
    ],
    ['contentAdmin.deleteFaqEntry', create('contentAdmin.createFaqEntry', ENTRY)],
    ['contentAdmin.listPartners', () => ({})],
    ['contentAdmin.createPartner', () => PARTNER],
    [
      'contentAdmin.updatePartner',
      changed('contentAdmin.createPartner', PARTNER, { partner: { ...PARTNER, position: 7 } }),
    ],
    ['contentAdmin.deletePartner', create('contentAdmin.createPartner', PARTNER)],
  ];
  itServesAdminsOnly(ADMIN_CALLS, HTTP_CALLERS, (caller) => agents[caller]);

  it.each(HTTP_CALLERS)('the public reads answer %s', async (caller) => {
    expect((await call(agents[caller], 'content.faq', {})).status).toBe(200);
    expect((await call(agents[caller], 'content.partners', {})).status).toBe(200);
  });
});
