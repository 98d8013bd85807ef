CREATE TABLE "room_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"alt_fr" text DEFAULT '' NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"hourly_price_cents" integer,
	"half_day_price_cents" integer,
	"day_price_cents" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_basis_points" integer DEFAULT 2000 NOT NULL,
	"min_duration_minutes" integer DEFAULT 60 NOT NULL,
	"max_duration_minutes" integer DEFAULT 600 NOT NULL,
	"booking_step_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"lead_time_minutes" integer DEFAULT 60 NOT NULL,
	"horizon_days" integer DEFAULT 90 NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"desk_group" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"from_price_incl_vat_cents" integer GENERATED ALWAYS AS (round((least(
    "hourly_price_cents" * ceil(("min_duration_minutes")::numeric / 60),
    case when ("min_duration_minutes") <= 240 then "half_day_price_cents" end,
    "day_price_cents"
  )) * (10000 + "vat_rate_basis_points") / 10000.0)::integer) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_kind_known" CHECK ("rooms"."kind" in ('meeting_room', 'private_office', 'desk', 'event_hall')),
	CONSTRAINT "rooms_capacity_positive" CHECK ("rooms"."capacity" > 0),
	CONSTRAINT "rooms_prices_not_negative" CHECK (coalesce("rooms"."hourly_price_cents", 0) >= 0 and coalesce("rooms"."half_day_price_cents", 0) >= 0 and coalesce("rooms"."day_price_cents", 0) >= 0),
	CONSTRAINT "rooms_currency_eur" CHECK ("rooms"."currency" = 'EUR'),
	CONSTRAINT "rooms_vat_rate_range" CHECK ("rooms"."vat_rate_basis_points" between 0 and 10000),
	CONSTRAINT "rooms_durations" CHECK ("rooms"."booking_step_minutes" > 0 and "rooms"."min_duration_minutes" > 0 and "rooms"."min_duration_minutes" <= "rooms"."max_duration_minutes"),
	CONSTRAINT "rooms_rules_not_negative" CHECK ("rooms"."buffer_minutes" >= 0 and "rooms"."lead_time_minutes" >= 0 and "rooms"."horizon_days" > 0),
	CONSTRAINT "rooms_desk_group_only_desks" CHECK ("rooms"."desk_group" is null or "rooms"."kind" = 'desk')
);
--> statement-breakpoint
CREATE TABLE "space_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	CONSTRAINT "space_closures_order" CHECK ("space_closures"."ends_on" >= "space_closures"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "space_opening_hours" (
	"space_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "space_opening_hours_space_id_weekday_opens_pk" PRIMARY KEY("space_id","weekday","opens"),
	CONSTRAINT "space_opening_hours_weekday_iso" CHECK ("space_opening_hours"."weekday" between 1 and 7),
	CONSTRAINT "space_opening_hours_order" CHECK ("space_opening_hours"."opens" < "space_opening_hours"."closes")
);
--> statement-breakpoint
CREATE TABLE "space_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"alt_fr" text DEFAULT '' NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "description_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "address_line" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "city_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "country" text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "time_zone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "amenities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "room_photos" ADD CONSTRAINT "room_photos_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_closures" ADD CONSTRAINT "space_closures_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_opening_hours" ADD CONSTRAINT "space_opening_hours_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_photos_room_idx" ON "room_photos" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "rooms_space_kind_capacity_idx" ON "rooms" USING btree ("space_id","kind","capacity");--> statement-breakpoint
CREATE INDEX "rooms_amenities_idx" ON "rooms" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "rooms_desk_group_idx" ON "rooms" USING btree ("space_id","desk_group") WHERE "rooms"."desk_group" is not null;--> statement-breakpoint
CREATE INDEX "space_closures_space_idx" ON "space_closures" USING btree ("space_id","starts_on");--> statement-breakpoint
CREATE INDEX "space_photos_space_idx" ON "space_photos" USING btree ("space_id","position");--> statement-breakpoint
CREATE INDEX "spaces_published_city_idx" ON "spaces" USING btree ("city_key") WHERE "spaces"."status" = 'published';--> statement-breakpoint
CREATE INDEX "spaces_amenities_idx" ON "spaces" USING gin ("amenities");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_status_known" CHECK ("spaces"."status" in ('draft', 'published', 'archived'));--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_latitude_range" CHECK ("spaces"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_longitude_range" CHECK ("spaces"."longitude" between -180 and 180);