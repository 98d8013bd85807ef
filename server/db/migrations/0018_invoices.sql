CREATE TABLE "billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address_line" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'FR' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"siren" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"space_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_space_id_kind_year_pk" PRIMARY KEY("space_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_excl_vat_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_quantity_positive" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_money_consistent" CHECK ("invoice_lines"."discount_cents" >= 0 and "invoice_lines"."excl_vat_cents" = "invoice_lines"."unit_excl_vat_cents" * "invoice_lines"."quantity" - "invoice_lines"."discount_cents"
       and "invoice_lines"."total_cents" = "invoice_lines"."excl_vat_cents" + "invoice_lines"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by_id" text,
	"chain_position" bigint NOT NULL,
	"previous_footprint" text NOT NULL,
	"footprint" text NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_method_known" CHECK ("invoice_payments"."method" in ('on_site', 'bank_transfer', 'card', 'cheque', 'cash'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"credited_invoice_id" uuid,
	"order_id" uuid,
	"reservation_id" uuid,
	"buyer_user_id" text,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"locale" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"service_start" date NOT NULL,
	"service_end" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_breakdown" jsonb NOT NULL,
	"reason" text,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"chain_position" bigint NOT NULL,
	"previous_footprint" text NOT NULL,
	"footprint" text NOT NULL,
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_payment_status_known" CHECK ("invoices"."payment_status" in ('unpaid', 'partially_paid', 'paid', 'credited')),
	CONSTRAINT "invoices_number_shape" CHECK ("invoices"."number" = (CASE "invoices"."kind" WHEN 'invoice' THEN 'F' ELSE 'A' END) || '-' || "invoices"."year" || '-' || lpad("invoices"."sequence"::text, 6, '0')),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_money_consistent" CHECK ("invoices"."excl_vat_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."total_cents" = "invoices"."excl_vat_cents" + "invoices"."vat_cents" and "invoices"."total_cents" > 0),
	CONSTRAINT "invoices_paid_range" CHECK ("invoices"."paid_cents" between 0 and "invoices"."total_cents"),
	CONSTRAINT "invoices_service_order" CHECK ("invoices"."service_end" >= "invoices"."service_start")
);
--> statement-breakpoint
CREATE TABLE "invoicing_closings" (
	"space_id" uuid NOT NULL,
	"month" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by_id" text,
	"totals" jsonb NOT NULL,
	"perpetual" jsonb NOT NULL,
	"chain_position" bigint NOT NULL,
	"footprint" text NOT NULL,
	CONSTRAINT "invoicing_closings_space_id_month_pk" PRIMARY KEY("space_id","month"),
	CONSTRAINT "invoicing_closings_month_shape" CHECK ("invoicing_closings"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "journal_heads" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"last_position" bigint DEFAULT 0 NOT NULL,
	"last_footprint" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_legal_identities" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"legal_form" text DEFAULT '' NOT NULL,
	"share_capital_cents" bigint,
	"address_line" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'FR' NOT NULL,
	"siren" text DEFAULT '' NOT NULL,
	"siret" text DEFAULT '' NOT NULL,
	"rcs_city" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"vat_regime" text DEFAULT 'standard' NOT NULL,
	"vat_on_debits" boolean DEFAULT false NOT NULL,
	"payment_due_days" integer DEFAULT 30 NOT NULL,
	"late_payment_rate_basis_points" integer DEFAULT 1215 NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"invoiced_sales" text DEFAULT 'both' NOT NULL,
	"mandate_accepted_at" timestamp with time zone,
	"mandate_accepted_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_vat_regime_known" CHECK ("space_legal_identities"."vat_regime" in ('standard', 'franchise')),
	CONSTRAINT "legal_invoiced_sales_known" CHECK ("space_legal_identities"."invoiced_sales" in ('orders', 'bookings', 'both')),
	CONSTRAINT "legal_due_days_range" CHECK ("space_legal_identities"."payment_due_days" between 0 and 60),
	CONSTRAINT "legal_late_rate_range" CHECK ("space_legal_identities"."late_payment_rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_closings" ADD CONSTRAINT "invoicing_closings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_closings" ADD CONSTRAINT "invoicing_closings_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_heads" ADD CONSTRAINT "journal_heads_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD CONSTRAINT "space_legal_identities_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD CONSTRAINT "space_legal_identities_mandate_accepted_by_id_users_id_fk" FOREIGN KEY ("mandate_accepted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_space_chain_key" ON "invoice_payments" USING btree ("space_id","chain_position");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_space_idx" ON "invoice_payments" USING btree ("space_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_space_number_key" ON "invoices" USING btree ("space_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_space_sequence_key" ON "invoices" USING btree ("space_id","kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_space_chain_key" ON "invoices" USING btree ("space_id","chain_position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_reservation" ON "invoices" USING btree ("reservation_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_space_idx" ON "invoices" USING btree ("space_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."payment_status" in ('unpaid', 'partially_paid');