ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_reservation_kinds";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "formula_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_excl_vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "credit_minutes" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "schedule_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "registration_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "registration_round" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "registration_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_registration_debit" ON "credit_entries" USING btree ("registration_id","registration_round") WHERE "credit_entries"."kind" = 'debit';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_registration_refund" ON "credit_entries" USING btree ("registration_id","registration_round") WHERE "credit_entries"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_registration_round_key" ON "orders" USING btree ("registration_id","period_index") WHERE "orders"."registration_id" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_price_range" CHECK ("events"."price_excl_vat_cents" between 0 and 100000000 and "events"."vat_rate_basis_points" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_credit_needs_price" CHECK ("events"."credit_minutes" is null or ("events"."credit_minutes" between 1 and 1440 and "events"."price_excl_vat_cents" > 0));--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_paid_thing" CHECK (("credit_entries"."kind" in ('debit', 'refund')) = (num_nonnulls("credit_entries"."reservation_id", "credit_entries"."registration_id") = 1)
       and ("credit_entries"."registration_id" is null) = ("credit_entries"."registration_round" is null));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sell_one_thing" CHECK (num_nonnulls("order_lines"."formula_id", "order_lines"."event_id") = 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_for_one_thing" CHECK (num_nonnulls("orders"."plan_id", "orders"."registration_id") = 1);