-- Who was active in a space, per year and local day (docs/decisions/030-statistics.md): a trigger keeps
-- member_active_days in the transaction of every change to a reservation, so /statistics counts a year's
-- active members from one or two rows per member instead of each of their bookings, and a booking made a
-- second ago counts. A day's bit is set while the member has, in that space, a booking (not an event's hold)
-- starting that local day that holds its room: confirmed, completed or no-show (HELD_RESERVATION_STATUSES,
-- contract/reservations.ts; statistics-rollup.test.ts holds this list to it).
--
-- A booking starting to hold sets its day's bit. One ceasing to hold (cancelled, moved, deleted) recounts its
-- day from the reservations, after locking the member's row of that year: under READ COMMITTED the count
-- then sees every change committed before, and a change still running waits for this one and recounts or
-- sets after it, so no order of two transactions leaves a wrong bit.
CREATE FUNCTION member_active_day_holds(r reservations) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT r.event_id IS NULL AND r.status IN ('confirmed', 'completed', 'no_show')
$$;
--> statement-breakpoint
CREATE FUNCTION member_active_days_mark(r reservations, recount boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  local_day date;
  local_year smallint;
  held boolean;
BEGIN
  SELECT time_zone INTO zone FROM spaces WHERE id = r.space_id;
  IF NOT FOUND THEN
    RETURN; -- a space being deleted takes its rows with it
  END IF;
  local_day := (r.starts_at AT TIME ZONE zone)::date;
  local_year := extract(year FROM local_day);
  INSERT INTO member_active_days (space_id, user_id, year) VALUES (r.space_id, r.user_id, local_year)
    ON CONFLICT DO NOTHING;
  IF recount THEN
    PERFORM 1 FROM member_active_days
      WHERE space_id = r.space_id AND year = local_year AND user_id = r.user_id FOR UPDATE;
    held := EXISTS (SELECT 1 FROM reservations x
      WHERE x.user_id = r.user_id AND x.space_id = r.space_id AND member_active_day_holds(x)
        AND x.starts_at >= local_day::timestamp AT TIME ZONE zone
        AND x.starts_at < (local_day + 1)::timestamp AT TIME ZONE zone);
  ELSE
    held := true;
  END IF;
  UPDATE member_active_days SET days = set_bit(days, extract(doy FROM local_day)::int - 1, held::int)
    WHERE space_id = r.space_id AND year = local_year AND user_id = r.user_id;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION member_active_days_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND member_active_day_holds(OLD) = member_active_day_holds(NEW)
     AND OLD.starts_at = NEW.starts_at AND OLD.space_id = NEW.space_id AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND member_active_day_holds(OLD) THEN
    PERFORM member_active_days_mark(OLD, true);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND member_active_day_holds(NEW) THEN
    PERFORM member_active_days_mark(NEW, false);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_member_active_days AFTER INSERT OR UPDATE OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION member_active_days_track();
--> statement-breakpoint
-- The bookings made before this migration.
INSERT INTO member_active_days (space_id, user_id, year, days)
SELECT r.space_id, r.user_id, extract(year FROM x.day)::smallint,
  bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy FROM x.day)::int - 1, 1))
FROM reservations r JOIN spaces s ON s.id = r.space_id
CROSS JOIN LATERAL (SELECT (r.starts_at AT TIME ZONE s.time_zone)::date AS day) AS x
WHERE member_active_day_holds(r)
GROUP BY 1, 2, 3;
