-- No double booking, decided by the database (docs/decisions/008-reservations-no-double-booking.md):
-- two active reservations (pending or confirmed) of one room never hold overlapping time. A reservation holds
-- [starts_at, blocked_until): its own time plus the room's buffer after it, so two bookings of a room are
-- always at least one buffer apart. `tstzrange(a, b)` is immutable, so it can be indexed as an expression;
-- btree_gist (migration 0000) lets the same GiST index compare room ids with `=`.
-- A conflicting INSERT or UPDATE fails with SQLSTATE 23P01, which the service answers as `already-exists`.
-- The index also serves availability: "active reservations of these rooms overlapping this window".
ALTER TABLE "reservations"
  ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
