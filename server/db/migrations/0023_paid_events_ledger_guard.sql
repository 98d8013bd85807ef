-- The credit ledger guard (migration 0017) learns event registrations (docs/decisions/025): a debit may pay
-- for the booking of its own member (as before) or for a registration of its own member to an event that
-- takes credit, for the current round of that registration, within the validity of the lot, for a room kind
-- the lot covers (the kind of the room of the event, event_hall for an event without a room), while the plan
-- may be spent, and for exactly what the event costs (one entry, or its credit minutes) (SQLSTATE EC002).
-- A refund of a registration gives back exactly what the debit of its round took, to the same lot (EC002).
-- No lot goes below zero (EC001).
CREATE OR REPLACE FUNCTION credit_entries_check_lot() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lot credit_lots%ROWTYPE;
  balance bigint;
  booking record;
  registration record;
  plan_status text;
BEGIN
  SELECT * INTO lot FROM credit_lots WHERE id = NEW.lot_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'credit lot % does not exist', NEW.lot_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW.user_id <> lot.user_id THEN
    RAISE EXCEPTION 'credit entry for another member than its lot''s' USING ERRCODE = 'EC002';
  END IF;
  IF NEW.kind = 'debit' AND NEW.reservation_id IS NOT NULL THEN
    SELECT status INTO plan_status FROM plans WHERE id = lot.plan_id;
    SELECT reservations.starts_at, reservations.ends_at, reservations.user_id, rooms.kind INTO booking
      FROM reservations JOIN rooms ON rooms.id = reservations.room_id
      WHERE reservations.id = NEW.reservation_id;
    IF plan_status NOT IN ('active', 'cancelling')
       OR booking.user_id <> lot.user_id
       OR booking.starts_at < lot.valid_from OR booking.ends_at > lot.valid_until
       OR NOT (booking.kind = ANY (lot.room_kinds)) THEN
      RAISE EXCEPTION 'credit lot % cannot pay for reservation %', NEW.lot_id, NEW.reservation_id
        USING ERRCODE = 'EC002';
    END IF;
  END IF;
  IF NEW.kind = 'debit' AND NEW.registration_id IS NOT NULL THEN
    SELECT status INTO plan_status FROM plans WHERE id = lot.plan_id;
    SELECT r.user_id, r.round, events.starts_at, events.ends_at, events.space_id, events.credit_minutes,
           coalesce(rooms.kind, 'event_hall') AS kind
      INTO registration
      FROM event_registrations r JOIN events ON events.id = r.event_id LEFT JOIN rooms ON rooms.id = events.room_id
      WHERE r.id = NEW.registration_id;
    IF plan_status NOT IN ('active', 'cancelling')
       OR registration.user_id <> lot.user_id
       OR registration.space_id <> lot.space_id
       OR registration.round <> NEW.registration_round
       OR registration.credit_minutes IS NULL
       OR registration.starts_at < lot.valid_from OR registration.ends_at > lot.valid_until
       OR NOT (registration.kind = ANY (lot.room_kinds))
       OR -NEW.amount <> (CASE lot.unit WHEN 'entries' THEN 1 ELSE registration.credit_minutes END) THEN
      RAISE EXCEPTION 'credit lot % cannot pay for registration %', NEW.lot_id, NEW.registration_id
        USING ERRCODE = 'EC002';
    END IF;
  END IF;
  IF NEW.kind = 'refund' AND NEW.registration_id IS NOT NULL THEN
    IF NOT EXISTS (SELECT 1 FROM credit_entries d
                   WHERE d.registration_id = NEW.registration_id AND d.registration_round = NEW.registration_round
                     AND d.kind = 'debit' AND d.lot_id = NEW.lot_id AND d.amount = -NEW.amount) THEN
      RAISE EXCEPTION 'refund of registration % does not match its debit', NEW.registration_id
        USING ERRCODE = 'EC002';
    END IF;
  END IF;
  IF NEW.amount < 0 THEN
    SELECT coalesce(sum(amount), 0) INTO balance FROM credit_entries WHERE lot_id = NEW.lot_id;
    IF balance + NEW.amount < 0 THEN
      RAISE EXCEPTION 'credit lot % holds %, cannot take %', NEW.lot_id, balance, -NEW.amount
        USING ERRCODE = 'EC001';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
