-- /statistics counts active members from member_active_days (migration 0073): the index made for it in
-- migration 0042 is no longer read, and every write to a reservation paid for it.
DROP INDEX "reservations_space_held_idx";