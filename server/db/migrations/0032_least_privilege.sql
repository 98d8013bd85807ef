-- The application's role reads and writes rows and owns nothing (docs/decisions/027): only the owner may
-- ALTER, DROP or DISABLE a trigger, TRUNCATE or change a table. Migrations run as the owner
-- (DATABASE_OWNER_URL); after each run the migration step calls this function with the application's role
-- (the user of DATABASE_URL), so every table a later migration adds is granted too, and the default
-- privileges cover a table made outside the migrations. Nothing here names a role: PGlite and a database
-- run by one role never call it.
CREATE FUNCTION escale_grant_app_role(app_role text) RETURNS void LANGUAGE plpgsql AS $$
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
  EXECUTE format('REVOKE DELETE ON invoices, activity_entries, document_counters FROM %I', app_role);
  -- Heads of the trigger-chained ledgers move only through the chaining triggers (SECURITY DEFINER).
  EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON ledger_heads FROM %I', app_role);
  -- TRUNCATE, REFERENCES and TRIGGER were never granted; say so if an operator granted them by hand.
  EXECUTE format('REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM %I', app_role);
END;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION escale_grant_app_role(text) FROM PUBLIC;
