-- The credit ledger and the activity log are chained like the invoice journal (docs/decisions/027): each row
-- gets the next position of its space's chain (the platform's, scope '', for activity that names no space)
-- and footprint = SHA-256(previous footprint || the row's canonical content), computed here, in the insert's
-- transaction, with the chain's head (ledger_heads) locked and advanced. A row changed or removed with the
-- triggers off no longer gives its footprint, or leaves the chain short of its head: `verify-ledger` says so.
-- The content below is what `verify-ledger` recomputes on its own (server/billing/ledger-chains.ts).

-- An instant as the chains write it: UTC, microseconds, whatever the session's time zone.
CREATE FUNCTION ledger_instant(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_digest(content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(content, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- What an anonymisation may rewrite: digested apart, so the chain keeps the digest as inserted.
CREATE FUNCTION activity_entry_values(e activity_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'actorId', e.actor_id, 'aboutUserId', e.about_user_id, 'actorIp', e.actor_ip,
    'changes', e.changes, 'details', e.details, 'anonymisedAt', ledger_instant(e.anonymised_at))::text
$$;
--> statement-breakpoint
CREATE FUNCTION activity_entry_content(e activity_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', e.id, 'occurredAt', ledger_instant(e.occurred_at), 'kind', e.kind, 'actorType', e.actor_type,
    'subjectType', e.subject_type, 'subjectId', e.subject_id, 'spaceId', e.space_id,
    'requestId', e.request_id, 'chainPosition', e.chain_position, 'valuesDigest', e.values_digest)::text
$$;
--> statement-breakpoint
CREATE FUNCTION credit_entry_content(c credit_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', c.id, 'spaceId', c.space_id, 'lotId', c.lot_id, 'userId', c.user_id, 'kind', c.kind,
    'amount', c.amount, 'reservationId', c.reservation_id, 'registrationId', c.registration_id,
    'registrationRound', c.registration_round, 'orderId', c.order_id, 'reason', c.reason,
    'actorId', c.actor_id, 'occurredAt', ledger_instant(c.occurred_at),
    'chainPosition', c.chain_position)::text
$$;
--> statement-breakpoint
-- Locks the chain's head (made at its genesis the first time) and gives the next position and the
-- footprint to chain to.
CREATE FUNCTION ledger_next_link(chain text, chain_scope text, OUT next_position bigint, OUT previous text)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_heads (ledger, scope, last_position, last_footprint)
    VALUES (chain, chain_scope, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT last_position + 1, last_footprint INTO next_position, previous
    FROM ledger_heads WHERE ledger = chain AND scope = chain_scope FOR UPDATE;
END;
$$;
--> statement-breakpoint
-- Existing rows, in the order they were written (id), each chain from its genesis.
ALTER TABLE activity_entries DISABLE TRIGGER activity_entries_no_change;
--> statement-breakpoint
ALTER TABLE credit_entries DISABLE TRIGGER credit_entries_no_change;
--> statement-breakpoint
DO $$
DECLARE
  e activity_entries%ROWTYPE;
  c credit_entries%ROWTYPE;
  link record;
BEGIN
  FOR e IN SELECT * FROM activity_entries ORDER BY id LOOP
    SELECT * INTO link FROM ledger_next_link('activity', coalesce(e.space_id::text, ''));
    e.chain_position := link.next_position;
    e.previous_footprint := link.previous;
    e.values_digest := ledger_digest(activity_entry_values(e));
    e.footprint := ledger_digest(e.previous_footprint || activity_entry_content(e));
    UPDATE activity_entries SET chain_position = e.chain_position, previous_footprint = e.previous_footprint,
      values_digest = e.values_digest, footprint = e.footprint WHERE id = e.id;
    UPDATE ledger_heads SET last_position = e.chain_position, last_footprint = e.footprint
      WHERE ledger = 'activity' AND scope = coalesce(e.space_id::text, '');
  END LOOP;
  FOR c IN SELECT entries.* FROM credit_entries entries ORDER BY id LOOP
    SELECT space_id INTO c.space_id FROM credit_lots WHERE id = c.lot_id;
    SELECT * INTO link FROM ledger_next_link('credit', c.space_id::text);
    c.chain_position := link.next_position;
    c.previous_footprint := link.previous;
    c.footprint := ledger_digest(c.previous_footprint || credit_entry_content(c));
    UPDATE credit_entries SET space_id = c.space_id, chain_position = c.chain_position,
      previous_footprint = c.previous_footprint, footprint = c.footprint WHERE id = c.id;
    UPDATE ledger_heads SET last_position = c.chain_position, last_footprint = c.footprint
      WHERE ledger = 'credit' AND scope = c.space_id::text;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE activity_entries ENABLE TRIGGER activity_entries_no_change;
--> statement-breakpoint
ALTER TABLE credit_entries ENABLE TRIGGER credit_entries_no_change;
--> statement-breakpoint
ALTER TABLE activity_entries ALTER COLUMN chain_position SET NOT NULL,
  ALTER COLUMN previous_footprint SET NOT NULL, ALTER COLUMN values_digest SET NOT NULL,
  ALTER COLUMN footprint SET NOT NULL;
--> statement-breakpoint
ALTER TABLE credit_entries ALTER COLUMN space_id SET NOT NULL, ALTER COLUMN chain_position SET NOT NULL,
  ALTER COLUMN previous_footprint SET NOT NULL, ALTER COLUMN footprint SET NOT NULL;
--> statement-breakpoint
-- One entry per position of a chain: two transactions can never both take one (drizzle schema's keys).
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_chain_key" UNIQUE NULLS NOT DISTINCT("space_id","chain_position");
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_chain_key" UNIQUE("space_id","chain_position");
--> statement-breakpoint
-- The chaining triggers run as the owner (SECURITY DEFINER): the application's role may read ledger_heads
-- but not write it (migration 0032), so only an insert moves a head. They fire before the other BEFORE
-- INSERT triggers (names sort first): the head is locked before the lot, in every transaction alike.
CREATE FUNCTION activity_entries_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  link record;
BEGIN
  SELECT * INTO link FROM ledger_next_link('activity', coalesce(NEW.space_id::text, ''));
  NEW.chain_position := link.next_position;
  NEW.previous_footprint := link.previous;
  NEW.values_digest := ledger_digest(activity_entry_values(NEW));
  NEW.footprint := ledger_digest(NEW.previous_footprint || activity_entry_content(NEW));
  UPDATE ledger_heads SET last_position = NEW.chain_position, last_footprint = NEW.footprint
    WHERE ledger = 'activity' AND scope = coalesce(NEW.space_id::text, '');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_chain BEFORE INSERT ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_entries_chain();
--> statement-breakpoint
CREATE FUNCTION credit_entries_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  link record;
BEGIN
  SELECT space_id INTO NEW.space_id FROM credit_lots WHERE id = NEW.lot_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'credit lot % does not exist', NEW.lot_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT * INTO link FROM ledger_next_link('credit', NEW.space_id::text);
  NEW.chain_position := link.next_position;
  NEW.previous_footprint := link.previous;
  NEW.footprint := ledger_digest(NEW.previous_footprint || credit_entry_content(NEW));
  UPDATE ledger_heads SET last_position = NEW.chain_position, last_footprint = NEW.footprint
    WHERE ledger = 'credit' AND scope = NEW.space_id::text;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_entries_chain BEFORE INSERT ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_entries_chain();
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION ledger_next_link(text, text) FROM PUBLIC;
--> statement-breakpoint
-- ledger_heads is written by the triggers alone.
CREATE FUNCTION ledger_heads_no_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.ledger = OLD.ledger AND NEW.scope = OLD.scope
     AND NEW.last_position = OLD.last_position + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a ledger head only moves forward by one: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_heads_forward BEFORE UPDATE OR DELETE ON ledger_heads
  FOR EACH ROW EXECUTE FUNCTION ledger_heads_no_change();
--> statement-breakpoint
CREATE TRIGGER ledger_heads_no_truncate BEFORE TRUNCATE ON ledger_heads
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_heads_no_change();
--> statement-breakpoint
-- An anonymisation keeps the entry's link: its position, footprints and the digest of its values as inserted.
CREATE OR REPLACE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.anonymised_at IS NOT NULL
     AND NEW.id = OLD.id AND NEW.occurred_at = OLD.occurred_at AND NEW.kind = OLD.kind
     AND NEW.actor_type = OLD.actor_type
     AND NEW.subject_type = OLD.subject_type AND NEW.subject_id = OLD.subject_id
     AND NEW.space_id IS NOT DISTINCT FROM OLD.space_id
     AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND (NEW.actor_id IS NULL OR NEW.actor_id = OLD.actor_id)
     AND (NEW.about_user_id IS NULL OR NEW.about_user_id = OLD.about_user_id)
     AND (NEW.actor_ip IS NULL OR NEW.actor_ip = OLD.actor_ip)
     AND ((OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL)
          OR (OLD.about_user_id IS NOT NULL AND NEW.about_user_id IS NULL))
     AND NEW.chain_position = OLD.chain_position AND NEW.previous_footprint = OLD.previous_footprint
     AND NEW.values_digest = OLD.values_digest AND NEW.footprint = OLD.footprint
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- The invoice journal's head, moved by the issuing code: also forward by one only, and never removed, so
-- the application's role cannot set it back to hide the newest documents.
CREATE FUNCTION journal_heads_no_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.space_id = OLD.space_id AND NEW.last_position = OLD.last_position + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a journal head only moves forward by one: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_heads_forward BEFORE UPDATE OR DELETE ON journal_heads
  FOR EACH ROW EXECUTE FUNCTION journal_heads_no_change();
--> statement-breakpoint
CREATE TRIGGER journal_heads_no_truncate BEFORE TRUNCATE ON journal_heads
  FOR EACH STATEMENT EXECUTE FUNCTION journal_heads_no_change();
