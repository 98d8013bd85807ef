CREATE TABLE "credit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reservation_id" uuid,
	"order_id" uuid,
	"reason" text,
	"actor_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_entries_kind_known" CHECK ("credit_entries"."kind" in ('grant', 'debit', 'refund', 'expiry', 'adjustment')),
	CONSTRAINT "credit_entries_sign" CHECK (("credit_entries"."kind" in ('grant', 'refund') and "credit_entries"."amount" > 0)
       or ("credit_entries"."kind" in ('debit', 'expiry') and "credit_entries"."amount" < 0)
       or ("credit_entries"."kind" = 'adjustment' and "credit_entries"."amount" <> 0 and length(trim(coalesce("credit_entries"."reason", ''))) >= 3)),
	CONSTRAINT "credit_entries_reservation_kinds" CHECK (("credit_entries"."kind" in ('debit', 'refund')) = ("credit_entries"."reservation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"period_index" integer NOT NULL,
	"source" text NOT NULL,
	"unit" text NOT NULL,
	"room_kinds" text[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_lots_validity_order" CHECK ("credit_lots"."valid_until" > "credit_lots"."valid_from"),
	CONSTRAINT "credit_lots_unit_known" CHECK ("credit_lots"."unit" in ('minutes', 'entries'))
);
--> statement-breakpoint
CREATE TABLE "formulas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price_excl_vat_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"room_kinds" text[] NOT NULL,
	"credit_unit" text NOT NULL,
	"credit_amount" integer NOT NULL,
	"validity_days" integer,
	"period" text,
	"rollover" text DEFAULT 'none' NOT NULL,
	"per_member_limit" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "formulas_kind_known" CHECK ("formulas"."kind" in ('day_pass', 'pack', 'membership')),
	CONSTRAINT "formulas_status_known" CHECK ("formulas"."status" in ('active', 'archived')),
	CONSTRAINT "formulas_unit_known" CHECK ("formulas"."credit_unit" in ('minutes', 'entries')),
	CONSTRAINT "formulas_rollover_known" CHECK ("formulas"."rollover" in ('none', 'one_period')),
	CONSTRAINT "formulas_price_positive" CHECK ("formulas"."price_excl_vat_cents" >= 0 and "formulas"."vat_rate_basis_points" between 0 and 10000),
	CONSTRAINT "formulas_credit_positive" CHECK ("formulas"."credit_amount" > 0),
	CONSTRAINT "formulas_room_kinds_known" CHECK (cardinality("formulas"."room_kinds") > 0 and "formulas"."room_kinds" <@ array['meeting_room', 'private_office', 'desk', 'event_hall']::text[]),
	CONSTRAINT "formulas_kind_terms" CHECK (("formulas"."kind" = 'membership' and "formulas"."period" in ('month', 'year') and "formulas"."credit_unit" = 'minutes')
       or ("formulas"."kind" = 'pack' and "formulas"."validity_days" > 0 and "formulas"."period" is null and "formulas"."rollover" = 'none')
       or ("formulas"."kind" = 'day_pass' and "formulas"."credit_unit" = 'entries' and "formulas"."period" is null and "formulas"."rollover" = 'none')),
	CONSTRAINT "formulas_limit_positive" CHECK ("formulas"."per_member_limit" is null or "formulas"."per_member_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"formula_id" uuid NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_excl_vat_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_money_consistent" CHECK ("order_lines"."excl_vat_cents" = "order_lines"."unit_excl_vat_cents" * "order_lines"."quantity" and "order_lines"."total_cents" = "order_lines"."excl_vat_cents" + "order_lines"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"period_index" integer NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'cancelled')),
	CONSTRAINT "orders_method_known" CHECK ("orders"."payment_method" in ('on_site', 'bank_transfer')),
	CONSTRAINT "orders_money_consistent" CHECK ("orders"."excl_vat_cents" >= 0 and "orders"."vat_cents" >= 0 and "orders"."total_cents" = "orders"."excl_vat_cents" + "orders"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"formula_id" uuid NOT NULL,
	"status" text NOT NULL,
	"period_index" integer DEFAULT 0 NOT NULL,
	"anchor_date" text,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reminded_period_index" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_status_known" CHECK ("plans"."status" in ('pending_payment', 'active', 'cancelling', 'suspended', 'ended')),
	CONSTRAINT "plans_period_order" CHECK ("plans"."period_ends_at" is null or "plans"."period_ends_at" > "plans"."period_starts_at")
);
--> statement-breakpoint
CREATE TABLE "space_sales_settings" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"activation" text NOT NULL,
	"grace_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_sales_activation_known" CHECK ("space_sales_settings"."activation" in ('purchase', 'payment')),
	CONSTRAINT "space_sales_grace_range" CHECK ("space_sales_settings"."grace_days" between 0 and 90)
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formulas" ADD CONSTRAINT "formulas_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_formula_id_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "public"."formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_formula_id_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "public"."formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_sales_settings" ADD CONSTRAINT "space_sales_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_lot_idx" ON "credit_entries" USING btree ("lot_id","id","amount");--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_debit" ON "credit_entries" USING btree ("reservation_id") WHERE "credit_entries"."kind" = 'debit';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_refund" ON "credit_entries" USING btree ("reservation_id") WHERE "credit_entries"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_expiry" ON "credit_entries" USING btree ("lot_id") WHERE "credit_entries"."kind" = 'expiry';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_plan_period_source_key" ON "credit_lots" USING btree ("plan_id","period_index","source");--> statement-breakpoint
CREATE INDEX "credit_lots_user_idx" ON "credit_lots" USING btree ("user_id","space_id","valid_until");--> statement-breakpoint
CREATE INDEX "credit_lots_valid_until_idx" ON "credit_lots" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "formulas_space_idx" ON "formulas" USING btree ("space_id","status","position");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_plan_period_key" ON "orders" USING btree ("plan_id","period_index");--> statement-breakpoint
CREATE INDEX "orders_space_idx" ON "orders" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "plans_user_idx" ON "plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_space_idx" ON "plans" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_period_end_idx" ON "plans" USING btree ("period_ends_at") WHERE "plans"."status" in ('active', 'cancelling', 'suspended');--> statement-breakpoint
CREATE UNIQUE INDEX "plans_user_idempotency_key" ON "plans" USING btree ("user_id","idempotency_key");