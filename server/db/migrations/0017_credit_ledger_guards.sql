-- The credit ledger is append-only, and the database holds to it (docs/decisions/021): no UPDATE, DELETE or
-- TRUNCATE of an entry, no change to a lot's terms once granted.
CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_entries_no_change BEFORE UPDATE OR DELETE ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER credit_entries_no_truncate BEFORE TRUNCATE ON credit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER credit_lots_no_change BEFORE UPDATE ON credit_lots
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();
--> statement-breakpoint
-- An entry that takes credit (a debit, an expiry, a negative adjustment) first locks its lot, so entries of
-- one lot are decided one at a time, then reads the lot's sum as committed by then (a new statement, a new
-- snapshot under read committed): a lot never goes below zero, whatever runs at once (SQLSTATE EC001).
-- A debit must also pay for its own reservation within the lot's validity, for a room kind the lot covers,
-- while its plan may be spent (not suspended, pending or ended) (SQLSTATE EC002).
CREATE FUNCTION credit_entries_check_lot() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lot credit_lots%ROWTYPE;
  balance bigint;
  booking record;
  plan_status text;
BEGIN
  SELECT * INTO lot FROM credit_lots WHERE id = NEW.lot_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'credit lot % does not exist', NEW.lot_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW.user_id <> lot.user_id THEN
    RAISE EXCEPTION 'credit entry for another member than its lot''s' USING ERRCODE = 'EC002';
  END IF;
  IF NEW.kind = 'debit' THEN
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
--> statement-breakpoint
CREATE TRIGGER credit_entries_lot_guard BEFORE INSERT ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_entries_check_lot();
