CREATE TABLE "door_display_settings" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"show_titles" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_display_settings_locale_known" CHECK ("door_display_settings"."locale" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "door_displays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" text,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "door_displays_name_length" CHECK (char_length("door_displays"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "door_display_settings" ADD CONSTRAINT "door_display_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_displays" ADD CONSTRAINT "door_displays_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_displays" ADD CONSTRAINT "door_displays_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_displays" ADD CONSTRAINT "door_displays_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_displays_token_hash_key" ON "door_displays" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "door_displays_space_idx" ON "door_displays" USING btree ("space_id","created_at");