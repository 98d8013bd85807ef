CREATE TABLE "sepa_collection_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"sequence_type" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"outcome_at" timestamp with time zone,
	"return_reason" text,
	CONSTRAINT "sepa_collection_items_amount_positive" CHECK ("sepa_collection_items"."amount_cents" > 0),
	CONSTRAINT "sepa_collection_items_sequence_known" CHECK ("sepa_collection_items"."sequence_type" in ('FRST', 'RCUR')),
	CONSTRAINT "sepa_collection_items_outcome_known" CHECK ("sepa_collection_items"."outcome" in ('pending', 'confirmed', 'returned')),
	CONSTRAINT "sepa_collection_items_outcome_dated" CHECK (("sepa_collection_items"."outcome" = 'pending') = ("sepa_collection_items"."outcome_at" is null)
       and ("sepa_collection_items"."return_reason" is null or "sepa_collection_items"."outcome" = 'returned'))
);
--> statement-breakpoint
CREATE TABLE "sepa_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"collection_date" date NOT NULL,
	"transactions" integer NOT NULL,
	"control_sum_cents" bigint NOT NULL,
	"creditor" jsonb NOT NULL,
	"document" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_id" text,
	CONSTRAINT "sepa_collections_not_empty" CHECK ("sepa_collections"."transactions" > 0 and "sepa_collections"."control_sum_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"debtor_name" text NOT NULL,
	"iban" text NOT NULL,
	"signed_on" date NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by_id" text,
	"locale" text NOT NULL,
	CONSTRAINT "sepa_mandates_status_known" CHECK ("sepa_mandates"."status" in ('active', 'revoked')),
	CONSTRAINT "sepa_mandates_version_positive" CHECK ("sepa_mandates"."version" >= 1),
	CONSTRAINT "sepa_mandates_reference_shape" CHECK ("sepa_mandates"."reference" ~ '^[A-Z0-9-]{1,35}$'),
	CONSTRAINT "sepa_mandates_iban_shape" CHECK ("sepa_mandates"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$'),
	CONSTRAINT "sepa_mandates_name_length" CHECK (length("sepa_mandates"."debtor_name") between 1 and 70)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_method_known";--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD COLUMN "sepa_creditor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD COLUMN "sepa_prenotification_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD COLUMN "sepa_recollect_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sepa_collection_items" ADD CONSTRAINT "sepa_collection_items_collection_id_sepa_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."sepa_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collection_items" ADD CONSTRAINT "sepa_collection_items_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collection_items" ADD CONSTRAINT "sepa_collection_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collection_items" ADD CONSTRAINT "sepa_collection_items_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collection_items_end_to_end_key" ON "sepa_collection_items" USING btree ("space_id","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collection_items_invoice_once" ON "sepa_collection_items" USING btree ("invoice_id") WHERE "sepa_collection_items"."outcome" <> 'returned';--> statement-breakpoint
CREATE INDEX "sepa_collection_items_collection_idx" ON "sepa_collection_items" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "sepa_collection_items_mandate_idx" ON "sepa_collection_items" USING btree ("mandate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collections_message_key" ON "sepa_collections" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "sepa_collections_space_idx" ON "sepa_collections" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_version_key" ON "sepa_mandates" USING btree ("space_id","reference","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_reference_key" ON "sepa_mandates" USING btree ("space_id","reference") WHERE "sepa_mandates"."version" = 1;--> statement-breakpoint
CREATE INDEX "sepa_mandates_user_idx" ON "sepa_mandates" USING btree ("space_id","user_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method_known" CHECK ("invoice_payments"."method" in ('on_site', 'bank_transfer', 'card', 'cheque', 'cash', 'direct_debit'));--> statement-breakpoint
ALTER TABLE "space_legal_identities" ADD CONSTRAINT "legal_sepa_prenotification_range" CHECK ("space_legal_identities"."sepa_prenotification_days" between 1 and 30);