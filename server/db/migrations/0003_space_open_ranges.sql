-- The instants a space is open between two dates (both included), as one multirange of UTC instants.
-- Weekly hours are wall-clock times of the space's zone: `(day + opens) AT TIME ZONE zone` turns each into
-- an instant with that day's UTC offset, so daylight-saving days come out right with no extra data.
-- Closure days give nothing. Bookings check their slot with `<@` against this (reservations).
CREATE FUNCTION space_open_ranges(p_space_id uuid, p_from date, p_to date)
RETURNS tstzmultirange
LANGUAGE sql
STABLE
AS $$
  SELECT coalesce(
    range_agg(
      tstzrange(
        (days.day + hours.opens) AT TIME ZONE spaces.time_zone,
        (days.day + hours.closes) AT TIME ZONE spaces.time_zone
      )
    ),
    '{}'::tstzmultirange
  )
  FROM spaces
  CROSS JOIN LATERAL (
    SELECT generated::date AS day
    FROM generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') AS generated
  ) AS days
  JOIN space_opening_hours AS hours
    ON hours.space_id = spaces.id AND hours.weekday = extract(isodow FROM days.day)
  WHERE spaces.id = p_space_id
    AND NOT EXISTS (
      SELECT 1 FROM space_closures AS closures
      WHERE closures.space_id = spaces.id AND days.day BETWEEN closures.starts_on AND closures.ends_on
    )
$$;
