-- An entry can name two people (a manager who cancelled, the member whose booking it was), and each may
-- delete their account, in any order. 0011 let a row be anonymised once, so the second deletion was refused.
-- Now every anonymisation must clear someone's id (as actor or as the one the entry is about) and nothing
-- else may change but the recorded values and the mark: the first deletion clears one person, the second
-- the other, and an update that clears nobody is refused as before.
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
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
