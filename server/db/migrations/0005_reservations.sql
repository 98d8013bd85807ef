CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"attendees" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"price_excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"pricing_basis" text NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" text,
	"cancelled_by_role" text,
	"cancellation_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_times_order" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_blocked_after_end" CHECK ("reservations"."blocked_until" >= "reservations"."ends_at"),
	CONSTRAINT "reservations_attendees_positive" CHECK ("reservations"."attendees" > 0),
	CONSTRAINT "reservations_status_known" CHECK ("reservations"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'declined', 'no_show')),
	CONSTRAINT "reservations_pricing_basis_known" CHECK ("reservations"."pricing_basis" in ('hourly', 'half_day', 'day')),
	CONSTRAINT "reservations_money_consistent" CHECK ("reservations"."price_excl_vat_cents" >= 0 and "reservations"."vat_cents" >= 0 and "reservations"."total_cents" = "reservations"."price_excl_vat_cents" + "reservations"."vat_cents"),
	CONSTRAINT "reservations_cancelled_by_known" CHECK ("reservations"."cancelled_by_role" is null or "reservations"."cancelled_by_role" in ('member', 'manager', 'system'))
);
--> statement-breakpoint
CREATE TABLE "space_booking_policies" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"free_cancellation_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_booking_policies_hours_range" CHECK ("space_booking_policies"."free_cancellation_hours" between 0 and 720)
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_booking_policies" ADD CONSTRAINT "space_booking_policies_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key_live" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash_key" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_one_active" ON "calendar_feed_tokens" USING btree ("user_id") WHERE "calendar_feed_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_user_idempotency_key" ON "reservations" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reservations_user_starts_idx" ON "reservations" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_space_starts_idx" ON "reservations" USING btree ("space_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_room_starts_idx" ON "reservations" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_pending_expiry_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reservations_confirmed_end_idx" ON "reservations" USING btree ("ends_at") WHERE "reservations"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "reservations_reminder_due_idx" ON "reservations" USING btree ("starts_at") WHERE "reservations"."status" = 'confirmed' and "reservations"."reminder_sent_at" is null;