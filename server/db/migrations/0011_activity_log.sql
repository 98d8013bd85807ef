CREATE TABLE "activity_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_type" text NOT NULL,
	"about_user_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"space_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"actor_ip" text,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "activity_kind_shape" CHECK ("activity_entries"."kind" ~ '^[a-z][a-z_]*\.[a-z][a-z_]*$'),
	CONSTRAINT "activity_actor_known" CHECK ("activity_entries"."actor_type" = 'system' and "activity_entries"."actor_id" is null or "activity_entries"."actor_type" = 'user')
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_space_idx" ON "activity_entries" USING btree ("space_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_space_kind_idx" ON "activity_entries" USING btree ("space_id","kind","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity_entries" USING btree ("actor_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_about_idx" ON "activity_entries" USING btree ("about_user_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_all_idx" ON "activity_entries" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The log is append-only, and the database itself holds to it: no DELETE, no TRUNCATE, no UPDATE, except
-- an account deletion's anonymisation, once per row: it may clear the person's id (as actor or as the one
-- the entry is about) and address and rewrite the recorded values, and nothing else.
CREATE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.anonymised_at IS NULL AND NEW.anonymised_at IS NOT NULL
     AND NEW.id = OLD.id AND NEW.occurred_at = OLD.occurred_at AND NEW.kind = OLD.kind
     AND NEW.actor_type = OLD.actor_type
     AND NEW.subject_type = OLD.subject_type AND NEW.subject_id = OLD.subject_id
     AND NEW.space_id IS NOT DISTINCT FROM OLD.space_id
     AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND (NEW.actor_id IS NULL OR NEW.actor_id = OLD.actor_id)
     AND (NEW.about_user_id IS NULL OR NEW.about_user_id = OLD.about_user_id)
     AND (NEW.actor_ip IS NULL OR NEW.actor_ip = OLD.actor_ip)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_change BEFORE UPDATE OR DELETE ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON activity_entries
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_append_only();
