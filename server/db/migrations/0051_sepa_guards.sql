-- SEPA mandates, collections and their items are kept as recorded, and the database holds to it
-- (docs/decisions/032-sepa-direct-debit.md). A mandate changes by a new version; an item's outcome moves once.
CREATE TRIGGER sepa_mandates_no_change BEFORE UPDATE OR DELETE ON sepa_mandates
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER sepa_mandates_no_truncate BEFORE TRUNCATE ON sepa_mandates
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER sepa_collections_no_change BEFORE UPDATE OR DELETE ON sepa_collections
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER sepa_collections_no_truncate BEFORE TRUNCATE ON sepa_collections
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER sepa_collection_items_no_delete BEFORE DELETE ON sepa_collection_items
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER sepa_collection_items_no_truncate BEFORE TRUNCATE ON sepa_collection_items
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
-- A mandate's versions follow each other: the first holds a reference no other mandate of the space has and
-- its member has no other active mandate there; each next one is the same member's, numbered one more than
-- the last, which must still be active (a revocation is final).
CREATE FUNCTION sepa_mandates_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_version sepa_mandates%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sepa_mandate:' || NEW.space_id || ':' || NEW.user_id, 0));
  SELECT * INTO last_version FROM sepa_mandates
    WHERE space_id = NEW.space_id AND reference = NEW.reference ORDER BY version DESC LIMIT 1;
  IF NEW.version = 1 THEN
    IF FOUND THEN
      RAISE EXCEPTION 'mandate reference % is already used in this space', NEW.reference
        USING ERRCODE = 'unique_violation';
    END IF;
    IF EXISTS (
      SELECT 1 FROM (
        SELECT DISTINCT ON (reference) status FROM sepa_mandates
          WHERE space_id = NEW.space_id AND user_id = NEW.user_id ORDER BY reference, version DESC
      ) latest WHERE latest.status = 'active'
    ) THEN
      RAISE EXCEPTION 'member already has an active mandate in this space'
        USING ERRCODE = 'unique_violation';
    END IF;
  ELSIF NOT FOUND OR last_version.version <> NEW.version - 1 OR last_version.user_id <> NEW.user_id THEN
    RAISE EXCEPTION 'mandate % version % does not follow its last version', NEW.reference, NEW.version
      USING ERRCODE = 'check_violation';
  ELSIF last_version.status = 'revoked' THEN
    RAISE EXCEPTION 'mandate % is revoked: no version may follow', NEW.reference
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sepa_mandates_follow BEFORE INSERT ON sepa_mandates
  FOR EACH ROW EXECUTE FUNCTION sepa_mandates_check_insert();
--> statement-breakpoint
-- A collected debit is an open invoice of the collection's space, collected under the current (last, active)
-- version of its buyer's mandate, for no more than is left to pay.
CREATE FUNCTION sepa_collection_items_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  invoice invoices%ROWTYPE;
  mandate sepa_mandates%ROWTYPE;
BEGIN
  IF NEW.outcome <> 'pending' THEN
    RAISE EXCEPTION 'a collected debit starts pending' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM sepa_collections WHERE id = NEW.collection_id AND space_id = NEW.space_id) THEN
    RAISE EXCEPTION 'collection % is not of space %', NEW.collection_id, NEW.space_id
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT * INTO invoice FROM invoices WHERE id = NEW.invoice_id;
  IF invoice.space_id <> NEW.space_id OR invoice.kind <> 'invoice'
     OR invoice.payment_status NOT IN ('unpaid', 'partially_paid')
     OR NEW.amount_cents > invoice.total_cents - invoice.paid_cents THEN
    RAISE EXCEPTION 'invoice % has not % left to collect in this space', invoice.number, NEW.amount_cents
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT * INTO mandate FROM sepa_mandates WHERE id = NEW.mandate_id;
  IF mandate.space_id <> NEW.space_id OR mandate.user_id IS DISTINCT FROM invoice.buyer_user_id
     OR mandate.status <> 'active'
     OR EXISTS (SELECT 1 FROM sepa_mandates later WHERE later.space_id = mandate.space_id
                AND later.reference = mandate.reference AND later.version > mandate.version) THEN
    RAISE EXCEPTION 'invoice % is not collected under its buyer''s current mandate', invoice.number
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sepa_collection_items_check BEFORE INSERT ON sepa_collection_items
  FOR EACH ROW EXECUTE FUNCTION sepa_collection_items_check_insert();
--> statement-breakpoint
-- An item's UPDATE only settles its outcome, once: pending → confirmed or returned (docs/decisions/033).
CREATE FUNCTION sepa_collection_items_only_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept sepa_collection_items%ROWTYPE;
BEGIN
  kept := NEW;
  kept.outcome := OLD.outcome;
  kept.outcome_at := OLD.outcome_at;
  kept.return_reason := OLD.return_reason;
  IF kept IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'collected debit % is recorded: only its outcome may change', OLD.end_to_end_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.outcome <> 'pending' OR NEW.outcome = 'pending' THEN
    RAISE EXCEPTION 'collected debit % is already %: its outcome moves once', OLD.end_to_end_id, OLD.outcome
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sepa_collection_items_outcome BEFORE UPDATE ON sepa_collection_items
  FOR EACH ROW EXECUTE FUNCTION sepa_collection_items_only_outcome();
--> statement-breakpoint
-- The application's role is not granted what these triggers refuse either (docs/decisions/027, migration 0032).
CREATE OR REPLACE FUNCTION escale_grant_app_role(app_role text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF app_role = current_user THEN
    RAISE EXCEPTION 'the application''s role must not be the owner (%)', app_role
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
    app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', app_role);
  -- The ledgers: what their triggers refuse is not granted either (a second lock, if a trigger went missing).
  EXECUTE format('REVOKE UPDATE, DELETE ON credit_entries, invoice_lines, invoice_payments, invoicing_closings FROM %I',
    app_role);
  EXECUTE format('REVOKE UPDATE ON credit_lots FROM %I', app_role);
  -- SEPA (migration 0051): mandates and collections are append-only; items only settle their outcome.
  EXECUTE format('REVOKE UPDATE, DELETE ON sepa_mandates, sepa_collections FROM %I', app_role);
  EXECUTE format('REVOKE DELETE ON sepa_collection_items FROM %I', app_role);
  EXECUTE format('REVOKE DELETE ON invoices, activity_entries, document_counters FROM %I', app_role);
  -- Heads of the trigger-chained ledgers move only through the chaining triggers (SECURITY DEFINER).
  EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON ledger_heads FROM %I', app_role);
  -- TRUNCATE, REFERENCES and TRIGGER were never granted; say so if an operator granted them by hand.
  EXECUTE format('REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM %I', app_role);
END;
$$;
