/**
 * /community at scale: 20,000 members and 5,000 ads, on PGlite and, with DATABASE_URL, on PostgreSQL (a
 * database of its own, `bench_community`, dropped after). The reader belongs to a large space (10,000
 * members) and a small one (500); 20 other spaces of 500 share the rest. Half the members opted in, each
 * with some fields shown; ads are spread over the spaces, some closed, some past their end. Prints p50/p95 of
 * the directory's and the ads' searches, as the service alone and as the whole server-rendered page
 * (`GET /community?…`, as the other page benchmarks measure). Target: p95 < 30 ms for the page on
 * PostgreSQL. `BENCH_SKIP_PGLITE=1` runs PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { listAds } from '../server/features/community/ad-reads.service';
import { communityCallables } from '../server/features/community/community.callables';
import { searchDirectory } from '../server/features/community/directory.service';
import { tenancyCallables } from '../server/features/tenancy/tenancy.callables';
import { log } from '../server/platform/log';
import type { ServiceContext } from '../server/platform/service-context';
import type { Session } from '../server/platform/session';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { loadServerBuild, measure } from './timing';

const MEMBERS = 20_000;
const ADS = 5_000;
const BIG_SPACE = 10_000;
const SMALL_SPACE = 500;
const TARGET_P95_MS = 30;
const DATABASE_NAME = 'bench_community';

const SKILLS = [
  'UX',
  'Figma',
  'Comptabilité',
  'Rédaction',
  'Photographie',
  'Python',
  'Droit',
  'Vidéo',
  'SEO',
  'Menuiserie',
];
const COMPANIES = ['Studio Lumen', 'Atelier Nord', 'Cabinet Rive', 'Onde Digitale', 'Maison Caractère'];

async function fill(database: Database) {
  const { db } = database;
  const started = performance.now();
  await db.execute(sql`SELECT setseed(0.23)`);
  const spaces = 1 + (MEMBERS - BIG_SPACE) / SMALL_SPACE;
  await db.execute(sql`
    INSERT INTO spaces (slug, name, city, status, time_zone, published_at)
    SELECT 'bench-' || i, 'Espace ' || i, 'Paris', 'published', 'Europe/Paris', now()
    FROM generate_series(1, ${spaces}::int) AS i`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, community_visible, company, job_title, skills, bio)
    SELECT 'bench-user-' || i,
           (ARRAY['Camille','Julien','Léa','Hugo','Inès','Nora','Paul','Sacha'])[1 + i % 8] || ' Membre' || i,
           'bench' || i || '@bench.test', true, i % 2 = 0,
           (${`{${COMPANIES.join(',')}}`}::text[])[1 + i % ${COMPANIES.length}::int],
           'Métier ' || (i % 40),
           ARRAY[(${`{${SKILLS.join(',')}}`}::text[])[1 + i % ${SKILLS.length}::int],
                 (${`{${SKILLS.join(',')}}`}::text[])[1 + (i / 7) % ${SKILLS.length}::int]],
           'Présentation du membre ' || i
    FROM generate_series(1, ${MEMBERS}::int) AS i`);
  // Members 1..10,000 in space 1; the others 500 per space in spaces 2, 3, …
  await db.execute(sql`
    INSERT INTO space_members (space_id, user_id, role)
    SELECT s.id, 'bench-user-' || i, 'member'
    FROM generate_series(1, ${MEMBERS}::int) AS i
    JOIN spaces s ON s.slug = 'bench-' || CASE WHEN i <= ${BIG_SPACE}::int THEN 1
      ELSE 2 + (i - ${BIG_SPACE}::int - 1) / ${SMALL_SPACE}::int END`);
  await db.execute(sql`
    UPDATE directory_entries SET fields = CASE WHEN random() < 0.7 THEN ARRAY['name','company','jobTitle','skills']
                    ELSE ARRAY['name','skills'] END`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified) VALUES ('bench-reader', 'Lectrice du banc', 'reader@bench.test', true)`);
  await db.execute(sql`
    INSERT INTO space_members (space_id, user_id, role)
    SELECT id, 'bench-reader', 'member' FROM spaces WHERE slug IN ('bench-1', 'bench-2')`);
  // Ads: by members, each in its author's space; one in ten closed, one in ten past its end.
  await db.execute(sql`
    WITH numbered AS (SELECT n, 1 + (n * 4) % ${MEMBERS}::int AS author FROM generate_series(1, ${ADS}::int) AS n)
    INSERT INTO ads (author_id, category, kind, title, body, body_html, excerpt, status, ends_at, created_at, updated_at, closed_at)
    SELECT 'bench-user-' || author,
           (ARRAY['service','job','desk','equipment','event','other'])[1 + n % 6],
           CASE WHEN n % 3 = 0 THEN 'request' ELSE 'offer' END,
           'Annonce ' || n || ' : ' || (${`{${SKILLS.join(',')}}`}::text[])[1 + n % ${SKILLS.length}::int],
           'Texte de l’annonce ' || n, '<p>Texte de l’annonce ' || n || '</p>', 'Texte de l’annonce ' || n,
           CASE WHEN n % 10 = 1 THEN 'closed' ELSE 'open' END,
           now() - make_interval(days => n % 60) + make_interval(days => CASE WHEN n % 10 = 2 THEN 1 ELSE 80 END),
           now() - make_interval(days => n % 60), now() - make_interval(days => n % 60),
           CASE WHEN n % 10 = 1 THEN now() END
    FROM numbered`);
  await db.execute(sql`
    INSERT INTO ad_spaces (space_id, ad_id)
    SELECT m.space_id, a.id FROM ads a JOIN space_members m ON m.user_id = a.author_id`);
  await db.execute(sql`VACUUM ANALYZE`);
  const [counts] = await rowsOf<{ members: number; ads: number; listed: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM space_members) AS members, (SELECT count(*)::int FROM ads) AS ads,
      (SELECT count(*)::int FROM users WHERE community_visible) AS listed`,
  );
  console.log(
    `  ${counts!.members.toLocaleString('en')} memberships (${counts!.listed.toLocaleString('en')} listed), ${counts!.ads.toLocaleString('en')} ads, ${spaces} spaces, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function benchOn(database: Database, build: ServerBuild): Promise<number> {
  await database.migrate();
  await fill(database);
  const session: Session = {
    id: 'bench-session',
    user: {
      id: 'bench-reader',
      email: 'reader@bench.test',
      name: 'Lectrice du banc',
      emailVerified: true,
      isAdmin: false,
      locale: 'fr',
      image: null,
    },
  };
  const app = benchApp(database, build, [...tenancyCallables, ...communityCallables], session);
  const [small] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM spaces WHERE slug = 'bench-2'`,
  );
  const ctx: ServiceContext = {
    db: database.db,
    actor: session.user,
    now: new Date(),
    locale: 'fr',
    log,
    requestId: null,
    clientAddress: null,
  };
  const directoryShapes: Array<[string, { q?: string; spaceId?: string }, string]> = [
    ['directory: first page', {}, 'tab=directory'],
    ['directory: by skill', { q: 'photo' }, 'tab=directory&q=photo'],
    ['directory: by name', { q: 'inès membre12' }, 'tab=directory&q=in%C3%A8s%20membre12'],
    [
      'directory: small space, by company',
      { q: 'lumen', spaceId: small!.id },
      `tab=directory&q=lumen&spaceId=${small!.id}`,
    ],
  ];
  const adShapes: Array<[string, { q?: string; category?: 'desk'; spaceId?: string }, string]> = [
    ['ads: first page', {}, 'tab=ads'],
    ['ads: by category', { category: 'desk' }, 'tab=ads&category=desk'],
    ['ads: by text', { q: 'python' }, 'tab=ads&q=python'],
    ['ads: small space', { spaceId: small!.id }, `tab=ads&spaceId=${small!.id}`],
  ];
  const sample = await searchDirectory(ctx, { page: 1 });
  const adSample = await listAds(ctx, { mine: false, page: 1 });
  console.log(`  sample: ${sample.members.length} members on a page, ${adSample.ads.length} ads on a page`);
  for (const [label, query] of directoryShapes) {
    await measure(`service: ${label}`, () =>
      searchDirectory({ ...ctx, now: new Date() }, { ...query, page: 1 }),
    );
  }
  for (const [label, query] of adShapes) {
    await measure(`service: ${label}`, () =>
      listAds({ ...ctx, now: new Date() }, { ...query, mine: false, page: 1 }),
    );
  }
  let worst = 0;
  for (const [label, , params] of [...directoryShapes, ...adShapes]) {
    const p95 = await measure(`GET /community?… ${label}`, () => getPage(app, `/community?${params}`));
    worst = Math.max(worst, p95);
  }
  return worst;
}

export async function run() {
  const build = await loadServerBuild();
  await onEachDatabase(
    DATABASE_NAME,
    (database) => benchOn(database, build),
    (p95) => [
      `target p95 < ${TARGET_P95_MS} ms for every page: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (worst ${p95.toFixed(1)} ms)`,
    ],
  );
}
