-- Bank statements are kept as uploaded, and what a line settled is kept as settled
-- (docs/decisions/033-bank-statements.md). A line's outcome moves once: a proposal confirmed.
CREATE TRIGGER bank_statements_no_change BEFORE UPDATE OR DELETE ON bank_statements
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER bank_statements_no_truncate BEFORE TRUNCATE ON bank_statements
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER bank_line_settlements_no_change BEFORE UPDATE OR DELETE ON bank_line_settlements
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER bank_line_settlements_no_truncate BEFORE TRUNCATE ON bank_line_settlements
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_no_delete BEFORE DELETE ON bank_statement_lines
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_no_truncate BEFORE TRUNCATE ON bank_statement_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
-- A line's UPDATE only resolves a proposal, once: proposed → settled, saying who and when.
CREATE FUNCTION bank_statement_lines_only_resolution() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept bank_statement_lines%ROWTYPE;
BEGIN
  kept := NEW;
  kept.outcome := OLD.outcome;
  kept.resolved_at := OLD.resolved_at;
  kept.resolved_by_id := OLD.resolved_by_id;
  IF kept IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'statement line % is recorded: only its proposal may be resolved', OLD.line_key
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.outcome <> 'proposed' OR NEW.outcome <> 'settled' OR NEW.resolved_at IS NULL THEN
    RAISE EXCEPTION 'statement line % is %: only a proposal is resolved, once', OLD.line_key, OLD.outcome
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bank_statement_lines_resolution BEFORE UPDATE ON bank_statement_lines
  FOR EACH ROW EXECUTE FUNCTION bank_statement_lines_only_resolution();
--> statement-breakpoint
-- A reversal mirrors the payment it reverses: same space, same invoice, the opposite amount, and a payment
-- (not a reversal) is what it names; one reversal per payment is the unique index's.
CREATE FUNCTION invoice_payments_check_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original invoice_payments%ROWTYPE;
BEGIN
  IF NEW.reverses_payment_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO original FROM invoice_payments WHERE id = NEW.reverses_payment_id;
  IF NOT FOUND OR original.reverses_payment_id IS NOT NULL OR original.space_id <> NEW.space_id
     OR original.invoice_id <> NEW.invoice_id OR NEW.amount_cents <> -original.amount_cents THEN
    RAISE EXCEPTION 'a reversal mirrors the payment it reverses' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_payments_reversal_guard BEFORE INSERT ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_payments_check_reversal();
--> statement-breakpoint
-- A collected debit's outcome moves once from pending, and once more from confirmed to returned: the bank
-- may return a debit it had credited (a return within days, a refund within eight weeks). Replaces 0051's.
CREATE OR REPLACE FUNCTION sepa_collection_items_only_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NOT (OLD.outcome = 'pending' AND NEW.outcome IN ('confirmed', 'returned')
          OR OLD.outcome = 'confirmed' AND NEW.outcome = 'returned') THEN
    RAISE EXCEPTION 'collected debit % is already %: its outcome moves once', OLD.end_to_end_id, OLD.outcome
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The journal's head moves forward only, never removed. A batch of payments (a statement's settlements) moves
-- it past several entries at once: then the entry it lands on must be there with the footprint it names.
-- Replaces 0031's, which allowed one step only.
CREATE OR REPLACE FUNCTION journal_heads_no_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.space_id = OLD.space_id AND NEW.last_position = OLD.last_position + 1 THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.space_id = OLD.space_id AND NEW.last_position > OLD.last_position
     AND EXISTS (SELECT 1 FROM invoice_payments WHERE space_id = NEW.space_id
                 AND chain_position = NEW.last_position AND footprint = NEW.last_footprint) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a journal head only moves forward by one: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- The application's role is not granted what these triggers refuse either (docs/decisions/027). From 0051's text.
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
  -- Bank statements (migration 0056): statements and settlements are append-only; lines only resolve.
  EXECUTE format('REVOKE UPDATE, DELETE ON bank_statements, bank_line_settlements FROM %I', app_role);
  EXECUTE format('REVOKE DELETE ON bank_statement_lines FROM %I', app_role);
  EXECUTE format('REVOKE DELETE ON invoices, activity_entries, document_counters FROM %I', app_role);
  -- Heads of the trigger-chained ledgers move only through the chaining triggers (SECURITY DEFINER).
  EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON ledger_heads FROM %I', app_role);
  -- TRUNCATE, REFERENCES and TRIGGER were never granted; say so if an operator granted them by hand.
  EXECUTE format('REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM %I', app_role);
END;
$$;
