-- An event never holds more people than its capacity, whatever runs at once
-- (docs/decisions/025-events-and-waitlist.md). A row that takes a place (registered, offered, attended)
-- first locks its event, so places of one event are given one at a time, then counts the places taken as
-- committed by then (a new statement, a new snapshot under read committed). Beyond the capacity: SQLSTATE
-- EV001. The services lock the event first and never meet it; it is the guarantee, not the rule's only copy.
CREATE FUNCTION event_registrations_check_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places integer;
  taken integer;
BEGIN
  IF NEW.status NOT IN ('registered', 'offered', 'attended') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN ('registered', 'offered', 'attended') THEN
    RETURN NEW;
  END IF;
  SELECT capacity INTO places FROM events WHERE id = NEW.event_id FOR UPDATE;
  SELECT count(*) INTO taken FROM event_registrations
    WHERE event_id = NEW.event_id AND id <> NEW.id AND status IN ('registered', 'offered', 'attended');
  IF taken >= places THEN
    RAISE EXCEPTION 'event % is full (% places)', NEW.event_id, places USING ERRCODE = 'EV001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_registrations_capacity BEFORE INSERT OR UPDATE OF status ON event_registrations
  FOR EACH ROW EXECUTE FUNCTION event_registrations_check_capacity();
