-- An ad is shown only in spaces its author belongs to: the database refuses any other (SQLSTATE 42501),
-- whatever code writes the row.
CREATE FUNCTION ad_spaces_author_belongs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM ads JOIN space_members m ON m.user_id = ads.author_id
    WHERE ads.id = NEW.ad_id AND m.space_id = NEW.space_id
  ) THEN
    RAISE EXCEPTION 'an ad is shown only in spaces its author belongs to'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ad_spaces_author_belongs BEFORE INSERT OR UPDATE ON ad_spaces
  FOR EACH ROW EXECUTE FUNCTION ad_spaces_author_belongs();
--> statement-breakpoint
-- An ad's author never changes: what it says stays theirs.
CREATE FUNCTION ads_author_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.author_id <> OLD.author_id THEN
    RAISE EXCEPTION 'an ad''s author never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ads_author_fixed BEFORE UPDATE ON ads FOR EACH ROW EXECUTE FUNCTION ads_author_fixed();
