-- Shared documents keep their history (docs/decisions/024-invoices-and-documents.md): a share is revoked,
-- never deleted or edited otherwise; an acknowledgement, once given, stays as given; a document stays in its
-- space with its file.
CREATE FUNCTION document_shares_only_revoke() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a document share is revoked, never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.revoked_at IS NOT NULL OR NEW.revoked_at IS NULL
     OR NEW.id <> OLD.id OR NEW.document_id <> OLD.document_id
     OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.shared_at <> OLD.shared_at
     OR (NEW.shared_by_id IS DISTINCT FROM OLD.shared_by_id AND NEW.shared_by_id IS NOT NULL) THEN
    RAISE EXCEPTION 'a document share may only be revoked, once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER document_shares_guard BEFORE UPDATE OR DELETE ON document_shares
  FOR EACH ROW EXECUTE FUNCTION document_shares_only_revoke();
--> statement-breakpoint
CREATE FUNCTION document_acknowledgements_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a read acknowledgement is kept as given: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER document_acknowledgements_guard BEFORE UPDATE OR DELETE ON document_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION document_acknowledgements_kept();
--> statement-breakpoint
-- A document's space and file never change (its title may be corrected).
CREATE FUNCTION shared_documents_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.space_id <> OLD.space_id OR NEW.file_key <> OLD.file_key
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a shared document keeps its space and its file' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shared_documents_guard BEFORE UPDATE OR DELETE ON shared_documents
  FOR EACH ROW EXECUTE FUNCTION shared_documents_fixed();
