-- Opening hours have one SQL source, `openHoursSql` (server/db/calendar-sql.ts), which availability,
-- bookings, search and the planning all use: the function of migration 0003, a copy of it, goes.
DROP FUNCTION IF EXISTS space_open_ranges(uuid, date, date);
