import { sql } from 'drizzle-orm';
import { ROOM_AMENITIES, SPACE_AMENITIES } from '../contract/amenities';
import type { Db } from '../server/db/client';

/** French cities and how many spaces of a hundred each gets (Paris most), with a centre to scatter around. */
const CITIES: Array<[city: string, postcode: string, lat: number, lng: number, weight: number]> = [
  ['Paris', '75011', 48.8566, 2.3522, 24],
  ['Lyon', '69002', 45.764, 4.8357, 10],
  ['Marseille', '13001', 43.2965, 5.3698, 8],
  ['Bordeaux', '33000', 44.8378, -0.5792, 7],
  ['Toulouse', '31000', 43.6047, 1.4442, 7],
  ['Nantes', '44000', 47.2184, -1.5536, 6],
  ['Lille', '59000', 50.6292, 3.0573, 6],
  ['Rennes', '35000', 48.1173, -1.6778, 5],
  ['Strasbourg', '67000', 48.5734, 7.7521, 5],
  ['Montpellier', '34000', 43.6108, 3.8767, 5],
  ['Nice', '06000', 43.7102, 7.262, 4],
  ['Grenoble', '38000', 45.1885, 5.7245, 4],
  ['Dijon', '21000', 47.322, 5.0415, 3],
  ['Angers', '49000', 47.4784, -0.5632, 3],
  ['Saint-Étienne', '42000', 45.4397, 4.3872, 3],
];

function literalArray(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

/** One city per entry, as often as its weight: picking by index spreads spaces like real demand. */
function cityTable(): string {
  const rows = CITIES.flatMap(([city, postcode, lat, lng, weight]) =>
    Array.from({ length: weight }, () => `('${city.replace(/'/g, "''")}', '${postcode}', ${lat}, ${lng})`),
  );
  return `(VALUES ${rows.join(', ')}) AS c(city, postcode, lat, lng)`;
}

/**
 * `spaceCount` spaces (one in twenty a draft) with `roomsPerSpace` rooms each, weekday hours, a lunch
 * break in one in five, Saturdays in one in three, a closure in one in ten, and about 350,000 bookings in
 * the second week ahead. Generated in SQL (generate_series, seeded random) so it takes seconds, on PGlite
 * and PostgreSQL alike.
 */
export async function fillSearchData(db: Db, spaceCount: number, roomsPerSpace: number): Promise<void> {
  const cities = CITIES.reduce((sum, city) => sum + city[4], 0);
  await db.execute(sql.raw('SELECT setseed(0.42)'));
  await db.execute(
    sql.raw(`
    WITH cities AS (SELECT row_number() OVER () AS n, * FROM ${cityTable()})
    INSERT INTO spaces (slug, name, city, city_key, postcode, address_line, latitude, longitude, status,
      published_at, amenities, description_fr, description_en)
    SELECT 'bench-' || g, 'Espace ' || g, c.city,
      translate(lower(replace(c.city, '-', ' ')), 'é', 'e'), c.postcode, g || ' rue du Banc d''essai',
      c.lat + (random() - 0.5) * 0.12, c.lng + (random() - 0.5) * 0.18,
      CASE WHEN g % 20 = 0 THEN 'draft' ELSE 'published' END, now() - g * interval '1 hour',
      (SELECT coalesce(array_agg(a), '{}') FROM unnest(${literalArray(SPACE_AMENITIES)}) AS a
        WHERE random() < 0.45 + 0 * g),
      'Un espace de travail de démonstration.', 'A demonstration workspace.'
    FROM generate_series(1, ${spaceCount}) AS g
    JOIN cities c ON c.n = 1 + (g * 7919) % ${cities}`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO rooms (space_id, kind, name, capacity, amenities, hourly_price_cents, half_day_price_cents,
      day_price_cents, min_duration_minutes, position, desk_group)
    SELECT s.id, k.kind, k.kind || ' ' || n, k.capacity, k.amenities, k.hourly, k.half_day, k.day,
      CASE WHEN k.kind = 'desk' THEN 240 ELSE 60 END, n, CASE WHEN k.kind = 'desk' THEN 'Open space' END
    FROM spaces s
    CROSS JOIN generate_series(1, ${roomsPerSpace}) AS n
    CROSS JOIN LATERAL (
      SELECT kind,
        CASE kind WHEN 'meeting_room' THEN 2 + floor(random() * 14)::int WHEN 'private_office' THEN 1 + floor(random() * 8)::int
          WHEN 'event_hall' THEN 30 + floor(random() * 150)::int ELSE 1 END AS capacity,
        (SELECT coalesce(array_agg(a), '{}') FROM unnest(${literalArray(ROOM_AMENITIES)}) AS a
          WHERE random() < 0.35 + 0 * n) AS amenities,
        CASE WHEN kind IN ('meeting_room', 'event_hall') THEN (15 + floor(random() * 60)::int) * 100 END AS hourly,
        (40 + floor(random() * 200)::int) * 100 AS half_day,
        (70 + floor(random() * 400)::int) * 100 AS day
      FROM (SELECT CASE WHEN n % 10 IN (1, 2, 3) THEN 'meeting_room' WHEN n % 10 IN (4, 5) THEN 'private_office'
        WHEN n % 10 = 0 AND random() < 0.3 THEN 'event_hall' WHEN n % 10 = 0 THEN 'meeting_room'
        ELSE 'desk' END AS kind) AS chosen
    ) AS k`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO space_opening_hours (space_id, weekday, opens, closes)
    SELECT s.id, d, v.opens, v.closes
    FROM spaces s
    CROSS JOIN generate_series(1, 6) AS d
    CROSS JOIN LATERAL (
      SELECT * FROM (VALUES ('08:00'::time, '12:30'::time, true), ('13:30'::time, '19:00'::time, true),
        ('08:00'::time, '19:00'::time, false)) AS h(opens, closes, lunch)
      WHERE h.lunch = (abs(hashtext(s.slug)) % 5 = 0)
    ) AS v
    WHERE d <= 5 OR abs(hashtext(s.slug)) % 3 = 0`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO space_closures (space_id, starts_on, ends_on, label)
    SELECT id, current_date + 10, current_date + 20, 'Fermeture' FROM spaces WHERE abs(hashtext(slug)) % 10 = 0`),
  );
  // Bookings over the second week ahead (where the benchmark's dated searches fall), so a search at a
  // time reads the reservations' index as it would in service: about one room in two taken 09:00-11:00
  // and one in two 14:00-16:00, Paris time.
  await db.execute(
    sql.raw(`
    INSERT INTO users (id, name, email, email_verified) VALUES ('bench-member', 'Bench', 'bench@bench.test', true)`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees, status,
      price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis)
    SELECT r.id, r.space_id, 'bench-member', starts, starts + interval '2 hours', starts + interval '2 hours',
      1, 'confirmed', 0, 0, 0, 2000, 'hourly'
    FROM rooms r
    CROSS JOIN generate_series(7, 13) AS day
    CROSS JOIN (VALUES (time '09:00'), (time '14:00')) AS t(at)
    CROSS JOIN LATERAL (SELECT ((current_date + day) + t.at) AT TIME ZONE 'Europe/Paris' AS starts) AS s
    WHERE random() < 0.5`),
  );
  // As autovacuum would have left it in service: statistics fresh, visibility map set.
  await db.execute(sql.raw('VACUUM ANALYZE'));
}
