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
--> statement-breakpoint
-- The directory's own columns (listed, sort_name, search_text) follow the entry and the person's row:
-- computed before any write of the entry, and the entry is touched whenever a field it reads changes on
-- the person's row (each account gets its entry when created). No code can let them drift apart.
CREATE FUNCTION directory_entries_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person users%ROWTYPE;
BEGIN
  SELECT * INTO person FROM users WHERE id = NEW.user_id;
  NEW.listed := person.community_visible AND person.deleted_at IS NULL AND NEW.hidden_at IS NULL;
  NEW.sort_name := CASE WHEN 'name' = ANY(NEW.fields) THEN lower(person.name) END;
  NEW.search_text := lower(concat_ws(E'\n',
    CASE WHEN 'name' = ANY(NEW.fields) THEN person.name END,
    CASE WHEN 'company' = ANY(NEW.fields) THEN person.company END,
    CASE WHEN 'jobTitle' = ANY(NEW.fields) THEN person.job_title END,
    CASE WHEN 'skills' = ANY(NEW.fields) THEN array_to_string(person.skills, E'\n') END));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_entries_derive BEFORE INSERT OR UPDATE ON directory_entries
  FOR EACH ROW EXECUTE FUNCTION directory_entries_derive();
--> statement-breakpoint
CREATE FUNCTION users_touch_directory_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_entries (user_id) VALUES (NEW.id)
  ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_touch_directory_entry
  AFTER INSERT OR UPDATE OF name, company, job_title, skills, community_visible, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION users_touch_directory_entry();
--> statement-breakpoint
INSERT INTO directory_entries (user_id) SELECT id FROM users ON CONFLICT (user_id) DO NOTHING;
