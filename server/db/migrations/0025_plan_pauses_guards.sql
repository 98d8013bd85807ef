-- A membership's pauses (docs/decisions/021): the database refuses what must never happen.
-- 1. Two pauses of one plan that overlap (cancelled ones aside). btree_gist (0000) compares plan ids with `=`.
ALTER TABLE plan_pauses ADD CONSTRAINT plan_pauses_no_overlap
  EXCLUDE USING gist (plan_id WITH =, daterange(starts_on, ends_on) WITH &&) WHERE (status <> 'cancelled');
--> statement-breakpoint
-- 2. A pause of something other than a membership, of a space that does not offer pauses, or longer than the
-- space's maximum (SQLSTATE EC003); once written, a pause only shortens (ended early), is applied, or is
-- cancelled, and never changes again after that.
CREATE FUNCTION plan_pauses_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  formula_kind text;
  allowed boolean;
  max_days integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'planned' OR NEW.plan_id <> OLD.plan_id OR NEW.starts_on <> OLD.starts_on
       OR NEW.starts_at <> OLD.starts_at OR NEW.ends_on > OLD.ends_on OR NEW.ends_at > OLD.ends_at THEN
      RAISE EXCEPTION 'pause %: only shortened, applied or cancelled while planned', OLD.id USING ERRCODE = 'EC003';
    END IF;
    RETURN NEW;
  END IF;
  SELECT formulas.kind, coalesce(settings.pause_allowed, false), coalesce(settings.pause_max_days, 0)
    INTO formula_kind, allowed, max_days
    FROM plans JOIN formulas ON formulas.id = plans.formula_id
    LEFT JOIN space_sales_settings settings ON settings.space_id = plans.space_id
    WHERE plans.id = NEW.plan_id;
  IF formula_kind IS DISTINCT FROM 'membership' OR NOT allowed THEN
    RAISE EXCEPTION 'plan % cannot be paused', NEW.plan_id USING ERRCODE = 'EC003';
  END IF;
  IF NEW.ends_on - NEW.starts_on > max_days THEN
    RAISE EXCEPTION 'a pause of % days is longer than the space allows (%)', NEW.ends_on - NEW.starts_on, max_days
      USING ERRCODE = 'EC003';
  END IF;
  IF NEW.status <> 'planned' THEN
    RAISE EXCEPTION 'a pause begins planned' USING ERRCODE = 'EC003';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER plan_pauses_guard BEFORE INSERT OR UPDATE ON plan_pauses
  FOR EACH ROW EXECUTE FUNCTION plan_pauses_check();
--> statement-breakpoint
-- 3. Credit never pays for a booking or an event's place inside a pause of its plan (SQLSTATE EC002, as any
-- debit its lot cannot pay). The lot is locked first (as the ledger's own guard does), and the pause that
-- schedules locks the plan's lots too, so a pause and a debit decided at once see each other.
CREATE FUNCTION credit_entries_check_pause() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM credit_lots WHERE id = NEW.lot_id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM credit_lots l
      JOIN plan_pauses p ON p.plan_id = l.plan_id AND p.status <> 'cancelled'
      JOIN (
        SELECT r.starts_at, r.ends_at FROM reservations r WHERE r.id = NEW.reservation_id
        UNION ALL
        SELECT e.starts_at, e.ends_at FROM event_registrations g JOIN events e ON e.id = g.event_id
          WHERE g.id = NEW.registration_id
      ) AS paid ON p.starts_at < paid.ends_at AND paid.starts_at < p.ends_at
    WHERE l.id = NEW.lot_id
  ) THEN
    RAISE EXCEPTION 'credit lot % cannot pay for a time inside a pause', NEW.lot_id
      USING ERRCODE = 'EC002';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_entries_pause_guard BEFORE INSERT ON credit_entries
  FOR EACH ROW WHEN (NEW.kind = 'debit' AND (NEW.reservation_id IS NOT NULL OR NEW.registration_id IS NOT NULL))
  EXECUTE FUNCTION credit_entries_check_pause();
--> statement-breakpoint
-- 4. A lot's terms still never change, except one thing: an applied pause moves its validity's end later,
-- by no more than the plan's applied pauses add up to (an hour more for a clock change).
DROP TRIGGER credit_lots_no_change ON credit_lots;
--> statement-breakpoint
CREATE FUNCTION credit_lots_extend_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paused interval;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'valid_until') = (to_jsonb(OLD) - 'valid_until')
     AND NEW.valid_until > OLD.valid_until THEN
    SELECT coalesce(sum(ends_at - starts_at), interval '0') INTO paused
      FROM plan_pauses WHERE plan_id = NEW.plan_id AND status = 'applied';
    IF NEW.valid_until - OLD.valid_until <= paused + interval '1 hour' THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_lots_no_change BEFORE UPDATE ON credit_lots
  FOR EACH ROW EXECUTE FUNCTION credit_lots_extend_only();
