ALTER TABLE "ads" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_alt_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_alt_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_image_key_stored_files_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_image_key" ON "ads" USING btree ("image_key");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_image_alt_length" CHECK (char_length("ads"."image_alt") <= 200);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_alt" CHECK (("events"."cover_key" is null or "events"."cover_alt_fr" <> '') and char_length("events"."cover_alt_fr") <= 200 and char_length("events"."cover_alt_en") <= 200);