-- No double booking, decided by the database (docs/decisions/010-reservations-no-double-booking.md):
-- two active reservations (pending or confirmed) of one room never hold overlapping time. A reservation holds
-- [starts_at, blocked_until): its own time plus the room's buffer after it, so two bookings of a room are
-- always at least one buffer apart. `tstzrange(a, b)` is immutable, so it can be indexed as an expression;
-- btree_gist (migration 0000) lets the same GiST index compare room ids with `=`.
-- A booking inserts with ON CONFLICT DO NOTHING, so a conflicting one inserts nothing and the service answers
-- `already-exists` with the slot it ran into; any other conflicting write fails with SQLSTATE 23P01, which
-- the callable router answers as `already-exists` (appErrorOfDatabaseRefusal, server/db/transaction.ts).
-- The index also serves availability: "active reservations of these rooms overlapping this window".
ALTER TABLE "reservations"
  ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
