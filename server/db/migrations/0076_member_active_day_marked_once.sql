-- A booking on a day its member is already marked active for (in that space) writes nothing to
-- member_active_days (migration 0073), instead of updating the member's row of the year again: that update
-- locked the row until the booking committed, so one member's bookings in one space, whatever their rooms
-- and days, waited for each other, and each wrote a new version of the row (docs/decisions/036).
--
-- The check takes a key-share lock on the row: it does not wait for, nor make wait, another booking's update
-- (which sets a bit and locks the row "for no key update"), but it conflicts with the FOR UPDATE lock a recount
-- (a booking ceasing to hold) takes before counting. So a recount running waits for this booking's
-- transaction and counts it; a recount already holding its lock makes this check wait, and under READ
-- COMMITTED the check then reads the row the recount left (bit cleared: the bit is set below, as before).
CREATE OR REPLACE FUNCTION member_active_days_mark(r reservations, recount boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  local_day date;
  local_year smallint;
  held boolean;
  marked boolean;
BEGIN
  SELECT time_zone INTO zone FROM spaces WHERE id = r.space_id;
  IF NOT FOUND THEN
    RETURN; -- a space being deleted takes its rows with it
  END IF;
  local_day := (r.starts_at AT TIME ZONE zone)::date;
  local_year := extract(year FROM local_day);
  IF NOT recount THEN
    SELECT get_bit(days, extract(doy FROM local_day)::int - 1) = 1 INTO marked FROM member_active_days
      WHERE space_id = r.space_id AND year = local_year AND user_id = r.user_id FOR KEY SHARE;
    IF marked THEN
      RETURN;
    END IF;
  END IF;
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
