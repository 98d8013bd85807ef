-- The reservations' rollup per room and local day (docs/decisions/030-statistics.md): a trigger keeps
-- room_day_use in the transaction of every change to a reservation, whoever makes it (a service, a sweep, an
-- event), so /statistics reads a year in a few thousand rows and a booking made a second ago counts.
--
-- What one reservation adds (its rows, per local day of its space): the minutes it holds its room when it
-- was held (confirmed, completed, no-show; an event's hold too), split by local hour, each UTC hour turned
-- into the zone's wall clock (daylight-saving days come out right for zones whose offsets are whole hours);
-- and, for a member's booking (not an event's hold), one booking on the day it starts, counted by status. A
-- cancellation is late when made less than the space's free-cancellation hours before the start (24 without
-- a policy: DEFAULT_FREE_CANCELLATION_HOURS, contract/reservations.ts), by the member or a manager.
CREATE FUNCTION room_day_use_rows(r reservations) RETURNS TABLE (
  day date, booked_minutes integer, h00 integer, h01 integer, h02 integer, h03 integer, h04 integer, h05 integer, h06 integer, h07 integer, h08 integer, h09 integer, h10 integer, h11 integer, h12 integer, h13 integer, h14 integer, h15 integer, h16 integer, h17 integer, h18 integer, h19 integer, h20 integer, h21 integer, h22 integer, h23 integer, bookings integer, pending integer, confirmed integer, cancelled integer, late_cancelled integer, declined integer, no_shows integer
) LANGUAGE sql STABLE AS $$
  WITH zone AS (
    SELECT s.time_zone AS tz, coalesce(p.free_cancellation_hours, 24) AS free_hours
    FROM spaces s LEFT JOIN space_booking_policies p ON p.space_id = s.id
    WHERE s.id = r.space_id
  ),
  held AS (
    SELECT (h AT TIME ZONE zone.tz)::date AS day, extract(hour FROM h AT TIME ZONE zone.tz)::int AS hour,
      round(extract(epoch FROM least(h + interval '1 hour', r.ends_at) - greatest(h, r.starts_at)) / 60)::int AS minutes
    FROM zone, generate_series(date_trunc('hour', r.starts_at, 'UTC'), r.ends_at - interval '1 microsecond', interval '1 hour') AS h
    WHERE r.status IN ('confirmed', 'completed', 'no_show')
  )
  SELECT day, sum(minutes)::int AS booked_minutes,
    coalesce(sum(minutes) FILTER (WHERE hour = 0), 0)::int AS h00,
    coalesce(sum(minutes) FILTER (WHERE hour = 1), 0)::int AS h01,
    coalesce(sum(minutes) FILTER (WHERE hour = 2), 0)::int AS h02,
    coalesce(sum(minutes) FILTER (WHERE hour = 3), 0)::int AS h03,
    coalesce(sum(minutes) FILTER (WHERE hour = 4), 0)::int AS h04,
    coalesce(sum(minutes) FILTER (WHERE hour = 5), 0)::int AS h05,
    coalesce(sum(minutes) FILTER (WHERE hour = 6), 0)::int AS h06,
    coalesce(sum(minutes) FILTER (WHERE hour = 7), 0)::int AS h07,
    coalesce(sum(minutes) FILTER (WHERE hour = 8), 0)::int AS h08,
    coalesce(sum(minutes) FILTER (WHERE hour = 9), 0)::int AS h09,
    coalesce(sum(minutes) FILTER (WHERE hour = 10), 0)::int AS h10,
    coalesce(sum(minutes) FILTER (WHERE hour = 11), 0)::int AS h11,
    coalesce(sum(minutes) FILTER (WHERE hour = 12), 0)::int AS h12,
    coalesce(sum(minutes) FILTER (WHERE hour = 13), 0)::int AS h13,
    coalesce(sum(minutes) FILTER (WHERE hour = 14), 0)::int AS h14,
    coalesce(sum(minutes) FILTER (WHERE hour = 15), 0)::int AS h15,
    coalesce(sum(minutes) FILTER (WHERE hour = 16), 0)::int AS h16,
    coalesce(sum(minutes) FILTER (WHERE hour = 17), 0)::int AS h17,
    coalesce(sum(minutes) FILTER (WHERE hour = 18), 0)::int AS h18,
    coalesce(sum(minutes) FILTER (WHERE hour = 19), 0)::int AS h19,
    coalesce(sum(minutes) FILTER (WHERE hour = 20), 0)::int AS h20,
    coalesce(sum(minutes) FILTER (WHERE hour = 21), 0)::int AS h21,
    coalesce(sum(minutes) FILTER (WHERE hour = 22), 0)::int AS h22,
    coalesce(sum(minutes) FILTER (WHERE hour = 23), 0)::int AS h23,
    0 AS bookings, 0 AS pending, 0 AS confirmed, 0 AS cancelled, 0 AS late_cancelled, 0 AS declined, 0 AS no_shows
  FROM held GROUP BY day
  UNION ALL
  SELECT (r.starts_at AT TIME ZONE zone.tz)::date, 0, 0 AS h00, 0 AS h01, 0 AS h02, 0 AS h03, 0 AS h04, 0 AS h05, 0 AS h06, 0 AS h07, 0 AS h08, 0 AS h09, 0 AS h10, 0 AS h11, 0 AS h12, 0 AS h13, 0 AS h14, 0 AS h15, 0 AS h16, 0 AS h17, 0 AS h18, 0 AS h19, 0 AS h20, 0 AS h21, 0 AS h22, 0 AS h23, 1,
    (r.status = 'pending')::int, (r.status IN ('confirmed', 'completed'))::int, (r.status = 'cancelled')::int,
    coalesce(r.status = 'cancelled' AND r.cancelled_by_role IS DISTINCT FROM 'system'
      AND r.cancelled_at > r.starts_at - make_interval(hours => zone.free_hours), false)::int,
    (r.status = 'declined')::int, (r.status = 'no_show')::int
  FROM zone WHERE r.event_id IS NULL
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) what one reservation counts.
CREATE FUNCTION room_day_use_apply(r reservations, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO room_day_use AS u (room_id, space_id, day, booked_minutes, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, bookings, pending, confirmed, cancelled, late_cancelled, declined, no_shows)
  SELECT r.room_id, r.space_id, x.day, sign * sum(x.booked_minutes), sign * sum(x.h00), sign * sum(x.h01), sign * sum(x.h02), sign * sum(x.h03), sign * sum(x.h04), sign * sum(x.h05), sign * sum(x.h06), sign * sum(x.h07), sign * sum(x.h08), sign * sum(x.h09), sign * sum(x.h10), sign * sum(x.h11), sign * sum(x.h12), sign * sum(x.h13), sign * sum(x.h14), sign * sum(x.h15), sign * sum(x.h16), sign * sum(x.h17), sign * sum(x.h18), sign * sum(x.h19), sign * sum(x.h20), sign * sum(x.h21), sign * sum(x.h22), sign * sum(x.h23), sign * sum(x.bookings), sign * sum(x.pending), sign * sum(x.confirmed), sign * sum(x.cancelled), sign * sum(x.late_cancelled), sign * sum(x.declined), sign * sum(x.no_shows)
  FROM room_day_use_rows(r) AS x GROUP BY x.day
  ON CONFLICT (room_id, day) DO UPDATE SET booked_minutes = u.booked_minutes + EXCLUDED.booked_minutes, h00 = u.h00 + EXCLUDED.h00, h01 = u.h01 + EXCLUDED.h01, h02 = u.h02 + EXCLUDED.h02, h03 = u.h03 + EXCLUDED.h03, h04 = u.h04 + EXCLUDED.h04, h05 = u.h05 + EXCLUDED.h05, h06 = u.h06 + EXCLUDED.h06, h07 = u.h07 + EXCLUDED.h07, h08 = u.h08 + EXCLUDED.h08, h09 = u.h09 + EXCLUDED.h09, h10 = u.h10 + EXCLUDED.h10, h11 = u.h11 + EXCLUDED.h11, h12 = u.h12 + EXCLUDED.h12, h13 = u.h13 + EXCLUDED.h13, h14 = u.h14 + EXCLUDED.h14, h15 = u.h15 + EXCLUDED.h15, h16 = u.h16 + EXCLUDED.h16, h17 = u.h17 + EXCLUDED.h17, h18 = u.h18 + EXCLUDED.h18, h19 = u.h19 + EXCLUDED.h19, h20 = u.h20 + EXCLUDED.h20, h21 = u.h21 + EXCLUDED.h21, h22 = u.h22 + EXCLUDED.h22, h23 = u.h23 + EXCLUDED.h23, bookings = u.bookings + EXCLUDED.bookings, pending = u.pending + EXCLUDED.pending, confirmed = u.confirmed + EXCLUDED.confirmed, cancelled = u.cancelled + EXCLUDED.cancelled, late_cancelled = u.late_cancelled + EXCLUDED.late_cancelled, declined = u.declined + EXCLUDED.declined, no_shows = u.no_shows + EXCLUDED.no_shows
$$;
--> statement-breakpoint
-- What a change must recount: the fields the rows above read (completed counts as confirmed).
CREATE FUNCTION room_day_use_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (CASE OLD.status WHEN 'completed' THEN 'confirmed' ELSE OLD.status END)
       = (CASE NEW.status WHEN 'completed' THEN 'confirmed' ELSE NEW.status END)
     AND OLD.starts_at = NEW.starts_at AND OLD.ends_at = NEW.ends_at AND OLD.room_id = NEW.room_id
     AND OLD.space_id = NEW.space_id AND OLD.event_id IS NOT DISTINCT FROM NEW.event_id
     AND OLD.cancelled_at IS NOT DISTINCT FROM NEW.cancelled_at
     AND OLD.cancelled_by_role IS NOT DISTINCT FROM NEW.cancelled_by_role THEN
    RETURN NULL;
  END IF;
  -- A space being deleted takes its rollup with it: nothing to recount then.
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM spaces WHERE id = OLD.space_id) THEN
    PERFORM room_day_use_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM room_day_use_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_room_day_use AFTER INSERT OR UPDATE OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION room_day_use_track();
--> statement-breakpoint
-- The reservations made before this migration.
INSERT INTO room_day_use (room_id, space_id, day, booked_minutes, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, bookings, pending, confirmed, cancelled, late_cancelled, declined, no_shows)
SELECT r.room_id, r.space_id, x.day, sum(x.booked_minutes), sum(x.h00), sum(x.h01), sum(x.h02), sum(x.h03), sum(x.h04), sum(x.h05), sum(x.h06), sum(x.h07), sum(x.h08), sum(x.h09), sum(x.h10), sum(x.h11), sum(x.h12), sum(x.h13), sum(x.h14), sum(x.h15), sum(x.h16), sum(x.h17), sum(x.h18), sum(x.h19), sum(x.h20), sum(x.h21), sum(x.h22), sum(x.h23), sum(x.bookings), sum(x.pending), sum(x.confirmed), sum(x.cancelled), sum(x.late_cancelled), sum(x.declined), sum(x.no_shows)
FROM reservations r CROSS JOIN LATERAL room_day_use_rows(r) AS x
GROUP BY r.room_id, r.space_id, x.day;
