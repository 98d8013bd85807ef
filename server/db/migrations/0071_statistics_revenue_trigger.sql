-- The issued documents' rollup per space, issue date, source and kind (docs/decisions/030-statistics.md): a
-- trigger keeps revenue_days in the transaction that issues an invoice or a credit note, so /statistics reads
-- a year's revenue in a few hundred rows and a document issued a second ago counts. Inserting is the only
-- change that counts: an issued document's amounts, date, kind and links never change and it is never
-- deleted (migration 0019); an order's plan or registration never changes either.
--
-- A document's source: a booking's invoice (reservation_id), a formula's (an order of a plan), an event
-- place's (an order of a registration), anything else is "other"; a credit note's is its invoice's.
CREATE FUNCTION revenue_source_of(i invoices) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce(credited.reservation_id, i.reservation_id) IS NOT NULL THEN 'bookings'
      WHEN o.plan_id IS NOT NULL THEN 'formulas'
      WHEN o.registration_id IS NOT NULL THEN 'eventPlaces'
      ELSE 'other' END
  FROM (SELECT 1) AS one
  LEFT JOIN invoices AS credited ON credited.id = i.credited_invoice_id
  LEFT JOIN orders AS o ON o.id = coalesce(credited.order_id, i.order_id)
$$;
--> statement-breakpoint
CREATE FUNCTION revenue_days_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_days AS d (space_id, day, source, kind, excl_vat_cents)
  VALUES (NEW.space_id, NEW.issue_date, revenue_source_of(NEW), NEW.kind, NEW.excl_vat_cents)
  ON CONFLICT (space_id, day, source, kind) DO UPDATE SET excl_vat_cents = d.excl_vat_cents + EXCLUDED.excl_vat_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_revenue_days AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION revenue_days_track();
--> statement-breakpoint
-- The documents issued before this migration.
INSERT INTO revenue_days (space_id, day, source, kind, excl_vat_cents)
SELECT i.space_id, i.issue_date, revenue_source_of(i), i.kind, sum(i.excl_vat_cents)
FROM invoices AS i
GROUP BY 1, 2, 3, 4;
