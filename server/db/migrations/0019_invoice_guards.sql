-- Issued invoices, credit notes and payments are kept as issued, and the database holds to it
-- (docs/decisions/024-invoices-and-documents.md).
CREATE FUNCTION invoicing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is kept as issued: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- An invoice's UPDATE may only change its payment status fields (status, amount paid, reminder).
CREATE FUNCTION invoices_only_payment_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept invoices%ROWTYPE;
BEGIN
  kept := NEW;
  kept.payment_status := OLD.payment_status;
  kept.paid_cents := OLD.paid_cents;
  kept.reminded_at := OLD.reminded_at;
  IF kept IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'invoice % is issued: only its payment status may change', OLD.number
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_no_edit BEFORE UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_only_payment_status();
--> statement-breakpoint
CREATE TRIGGER invoices_no_delete BEFORE DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_no_change BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_no_truncate BEFORE TRUNCATE ON invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_payments_no_change BEFORE UPDATE OR DELETE ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_payments_no_truncate BEFORE TRUNCATE ON invoice_payments
  FOR EACH STATEMENT EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
CREATE TRIGGER invoicing_closings_no_change BEFORE UPDATE OR DELETE ON invoicing_closings
  FOR EACH ROW EXECUTE FUNCTION invoicing_append_only();
--> statement-breakpoint
-- A counter only moves forward one at a time and is never removed: numbers are continuous.
CREATE FUNCTION document_counters_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'document counters are never removed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.space_id <> OLD.space_id OR NEW.kind <> OLD.kind OR NEW.year <> OLD.year
     OR NEW.last_number <> OLD.last_number + 1 THEN
    RAISE EXCEPTION 'a document counter only moves forward by one' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER document_counters_forward BEFORE UPDATE OR DELETE ON document_counters
  FOR EACH ROW EXECUTE FUNCTION document_counters_step();
--> statement-breakpoint
-- An issued document takes the number its counter just gave in this transaction (the counter row is then
-- locked by it), and nothing is dated in a closed month (SQLSTATE EC010).
CREATE FUNCTION invoices_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  given integer;
BEGIN
  SELECT last_number INTO given FROM document_counters
    WHERE space_id = NEW.space_id AND kind = NEW.kind AND year = NEW.year FOR UPDATE;
  IF given IS DISTINCT FROM NEW.sequence THEN
    RAISE EXCEPTION 'document number % was not the one its counter gave (%)', NEW.number, given
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.payment_status NOT IN ('unpaid', 'paid') OR NEW.paid_cents <> 0 AND NEW.paid_cents <> NEW.total_cents THEN
    RAISE EXCEPTION 'a document is issued unpaid or settled' USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM invoicing_closings
             WHERE space_id = NEW.space_id AND month >= to_char(NEW.issue_date, 'YYYY-MM')) THEN
    RAISE EXCEPTION 'the month of % is closed', NEW.issue_date USING ERRCODE = 'EC010';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_insert_guard BEFORE INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_check_insert();
--> statement-breakpoint
CREATE FUNCTION invoice_payments_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM invoicing_closings
             WHERE space_id = NEW.space_id AND month >= to_char(NEW.paid_on, 'YYYY-MM')) THEN
    RAISE EXCEPTION 'the month of % is closed', NEW.paid_on USING ERRCODE = 'EC010';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_payments_insert_guard BEFORE INSERT ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_payments_check_insert();
