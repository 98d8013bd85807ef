CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"waitlist_position" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"show_name" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by_id" text,
	"cancelled_at" timestamp with time zone,
	"end_reason" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_status_known" CHECK ("event_registrations"."status" in ('registered', 'waitlisted', 'offered', 'cancelled', 'attended', 'no_show')),
	CONSTRAINT "event_registrations_end_reason_known" CHECK ("event_registrations"."end_reason" is null or "event_registrations"."end_reason" in ('member', 'declined', 'offer-expired', 'event-cancelled')),
	CONSTRAINT "event_registrations_waitlist_shape" CHECK (("event_registrations"."status" in ('waitlisted', 'offered')) = ("event_registrations"."waitlist_position" is not null)),
	CONSTRAINT "event_registrations_offer_shape" CHECK (("event_registrations"."status" = 'offered') = ("event_registrations"."offer_expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"room_id" uuid,
	"title_fr" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"registration_deadline" timestamp with time zone NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_status_known" CHECK ("events"."status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "events_times_order" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_deadline_before_start" CHECK ("events"."registration_deadline" <= "events"."starts_at"),
	CONSTRAINT "events_capacity_range" CHECK ("events"."capacity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "space_event_settings" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"offer_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_event_settings_offer_range" CHECK ("space_event_settings"."offer_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_checked_in_by_id_users_id_fk" FOREIGN KEY ("checked_in_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_key_stored_files_key_fk" FOREIGN KEY ("cover_key") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_event_settings" ADD CONSTRAINT "space_event_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_one_per_person" ON "event_registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_waitlist_position" ON "event_registrations" USING btree ("event_id","waitlist_position") WHERE "event_registrations"."waitlist_position" is not null;--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_registrations_event_status_idx" ON "event_registrations" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_registrations_offer_expiry_idx" ON "event_registrations" USING btree ("offer_expires_at") WHERE "event_registrations"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "events_space_starts_idx" ON "events" USING btree ("space_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_published_starts_idx" ON "events" USING btree ("starts_at") WHERE "events"."status" = 'published';--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_hold_per_event" ON "reservations" USING btree ("event_id") WHERE "reservations"."event_id" is not null;