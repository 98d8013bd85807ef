ALTER TABLE "reservations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_in_by_id" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_in_via" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "check_in_code" text DEFAULT lpad(floor(random() * 1000000)::int::text, 6, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD COLUMN "release_unclaimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD COLUMN "release_grace_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD COLUMN "no_show_refund" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD COLUMN "check_in_opens_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_checked_in_by_id_users_id_fk" FOREIGN KEY ("checked_in_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_unclaimed_idx" ON "reservations" USING btree ("starts_at") WHERE "reservations"."status" = 'confirmed' and "reservations"."checked_in_at" is null and "reservations"."event_id" is null;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_check_in_via_known" CHECK ("reservations"."checked_in_via" is null or "reservations"."checked_in_via" in ('member', 'manager', 'display'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_check_in_complete" CHECK (("reservations"."checked_in_at" is null) = ("reservations"."checked_in_via" is null));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_check_in_code_format" CHECK ("reservations"."check_in_code" ~ '^[0-9]{6}$');--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_released_not_checked_in" CHECK ("reservations"."released_at" is null or "reservations"."checked_in_at" is null);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_released_is_no_show" CHECK ("reservations"."released_at" is null or "reservations"."status" = 'no_show');--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD CONSTRAINT "space_booking_policies_grace_range" CHECK ("space_booking_policies"."release_grace_minutes" between 1 and 240);--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD CONSTRAINT "space_booking_policies_check_in_opens_range" CHECK ("space_booking_policies"."check_in_opens_minutes" between 0 and 120);--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD CONSTRAINT "space_booking_policies_no_show_refund_known" CHECK ("space_booking_policies"."no_show_refund" in ('none', 'credits', 'money'));