-- An ad's image is a file its author uploaded as an ad image: never another person's upload, nor an avatar,
-- a document or a space's photo, whatever code writes the row (SQLSTATE 42501).
CREATE FUNCTION ads_image_is_authors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.image_key IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.image_key IS DISTINCT FROM OLD.image_key)
    AND NOT EXISTS (
      SELECT 1 FROM stored_files f
      WHERE f.key = NEW.image_key AND f.purpose = 'ad-image' AND f.owner_id = NEW.author_id
    ) THEN
    RAISE EXCEPTION 'an ad''s image is an ad image its author uploaded' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ads_image_is_authors BEFORE INSERT OR UPDATE OF image_key ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_image_is_authors();
--> statement-breakpoint
-- An event's cover is a file uploaded as an event cover: a private upload (an avatar, a document, an ad's
-- image) never becomes public through an event (SQLSTATE 42501).
CREATE FUNCTION events_cover_is_cover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cover_key IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.cover_key IS DISTINCT FROM OLD.cover_key)
    AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = NEW.cover_key AND f.purpose = 'event-cover') THEN
    RAISE EXCEPTION 'an event''s cover is an event cover upload' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_cover_is_cover BEFORE INSERT OR UPDATE OF cover_key ON events
  FOR EACH ROW EXECUTE FUNCTION events_cover_is_cover();
