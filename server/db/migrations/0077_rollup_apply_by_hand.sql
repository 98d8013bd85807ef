-- The statistics rollup's apply (migrations 0041 and 0075), without the query: room_day_use_rows (migration
-- 0041, unchanged: it stays the definition, and the benchmarks rebuild from it) turned one reservation into
-- its rows through a join, a series of hours, 24 filtered sums, a union and a second grouping, and every
-- reservation written started and ran that plan in its trigger (docs/decisions/036). The same rows are
-- computed here in a loop over the same UTC hours (a booking has one or two), then each day is one upsert
-- of plain values. What it adds is what room_day_use_rows gives, day by day (statistics-rollup.test.ts
-- compares the two on daylight-saving days, across midnight and in a zone a half hour off UTC).
CREATE OR REPLACE FUNCTION room_day_use_apply(r reservations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  free_hours integer;
  -- The days touched, and 32 counters per day, in room_day_use's order: booked_minutes, h00 to h23,
  -- bookings, pending, confirmed, cancelled, late_cancelled, declined, no_shows.
  days date[] := '{}';
  counts integer[] := '{}';
  h timestamptz;
  wall timestamp;
  day_at integer;
  base integer;
  minutes integer;
BEGIN
  SELECT s.time_zone, coalesce(p.free_cancellation_hours, 24) INTO zone, free_hours
    FROM spaces s LEFT JOIN space_booking_policies p ON p.space_id = s.id
    WHERE s.id = r.space_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- The time it holds the room, per UTC hour it overlaps, on the wall clock of its space.
  IF r.status IN ('confirmed', 'completed', 'no_show') THEN
    h := date_trunc('hour', r.starts_at, 'UTC');
    WHILE h < r.ends_at LOOP
      wall := h AT TIME ZONE zone;
      day_at := array_position(days, wall::date);
      IF day_at IS NULL THEN
        days := days || wall::date;
        counts := counts || array_fill(0, ARRAY[32]);
        day_at := cardinality(days);
      END IF;
      base := (day_at - 1) * 32;
      minutes := round(extract(epoch FROM least(h + interval '1 hour', r.ends_at) - greatest(h, r.starts_at)) / 60)::int;
      counts[base + 1] := counts[base + 1] + minutes;
      counts[base + 2 + extract(hour FROM wall)::int] := counts[base + 2 + extract(hour FROM wall)::int] + minutes;
      h := h + interval '1 hour';
    END LOOP;
  END IF;
  -- A member's booking (not an event's hold): one, by status, on the day it starts.
  IF r.event_id IS NULL THEN
    day_at := array_position(days, (r.starts_at AT TIME ZONE zone)::date);
    IF day_at IS NULL THEN
      days := days || (r.starts_at AT TIME ZONE zone)::date;
      counts := counts || array_fill(0, ARRAY[32]);
      day_at := cardinality(days);
    END IF;
    base := (day_at - 1) * 32;
    counts[base + 26] := 1;
    counts[base + 27] := (r.status = 'pending')::int;
    counts[base + 28] := (r.status IN ('confirmed', 'completed'))::int;
    counts[base + 29] := (r.status = 'cancelled')::int;
    counts[base + 30] := coalesce(r.status = 'cancelled' AND r.cancelled_by_role IS DISTINCT FROM 'system'
      AND r.cancelled_at > r.starts_at - make_interval(hours => free_hours), false)::int;
    counts[base + 31] := (r.status = 'declined')::int;
    counts[base + 32] := (r.status = 'no_show')::int;
  END IF;
  FOR n IN 1 .. cardinality(days) LOOP
    base := (n - 1) * 32;
    INSERT INTO room_day_use AS u (room_id, space_id, day, booked_minutes, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, bookings, pending, confirmed, cancelled, late_cancelled, declined, no_shows)
      VALUES (r.room_id, r.space_id, days[n], sign * counts[base + 1], sign * counts[base + 2], sign * counts[base + 3], sign * counts[base + 4], sign * counts[base + 5], sign * counts[base + 6], sign * counts[base + 7], sign * counts[base + 8], sign * counts[base + 9], sign * counts[base + 10], sign * counts[base + 11], sign * counts[base + 12], sign * counts[base + 13], sign * counts[base + 14], sign * counts[base + 15], sign * counts[base + 16], sign * counts[base + 17], sign * counts[base + 18], sign * counts[base + 19], sign * counts[base + 20], sign * counts[base + 21], sign * counts[base + 22], sign * counts[base + 23], sign * counts[base + 24], sign * counts[base + 25], sign * counts[base + 26], sign * counts[base + 27], sign * counts[base + 28], sign * counts[base + 29], sign * counts[base + 30], sign * counts[base + 31], sign * counts[base + 32])
      ON CONFLICT (room_id, day) DO UPDATE SET booked_minutes = u.booked_minutes + EXCLUDED.booked_minutes, h00 = u.h00 + EXCLUDED.h00, h01 = u.h01 + EXCLUDED.h01, h02 = u.h02 + EXCLUDED.h02, h03 = u.h03 + EXCLUDED.h03, h04 = u.h04 + EXCLUDED.h04, h05 = u.h05 + EXCLUDED.h05, h06 = u.h06 + EXCLUDED.h06, h07 = u.h07 + EXCLUDED.h07, h08 = u.h08 + EXCLUDED.h08, h09 = u.h09 + EXCLUDED.h09, h10 = u.h10 + EXCLUDED.h10, h11 = u.h11 + EXCLUDED.h11, h12 = u.h12 + EXCLUDED.h12, h13 = u.h13 + EXCLUDED.h13, h14 = u.h14 + EXCLUDED.h14, h15 = u.h15 + EXCLUDED.h15, h16 = u.h16 + EXCLUDED.h16, h17 = u.h17 + EXCLUDED.h17, h18 = u.h18 + EXCLUDED.h18, h19 = u.h19 + EXCLUDED.h19, h20 = u.h20 + EXCLUDED.h20, h21 = u.h21 + EXCLUDED.h21, h22 = u.h22 + EXCLUDED.h22, h23 = u.h23 + EXCLUDED.h23, bookings = u.bookings + EXCLUDED.bookings, pending = u.pending + EXCLUDED.pending, confirmed = u.confirmed + EXCLUDED.confirmed, cancelled = u.cancelled + EXCLUDED.cancelled, late_cancelled = u.late_cancelled + EXCLUDED.late_cancelled, declined = u.declined + EXCLUDED.declined, no_shows = u.no_shows + EXCLUDED.no_shows;
  END LOOP;
END;
$$;
