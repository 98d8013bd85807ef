CREATE TABLE "bank_line_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"confirmed_by_id" text,
	CONSTRAINT "bank_line_settlements_amount_nonzero" CHECK ("bank_line_settlements"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"account_iban" text NOT NULL,
	"line_key" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"booking_date" date NOT NULL,
	"counterparty_name" text NOT NULL,
	"counterparty_iban" text NOT NULL,
	"remittance" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"reason_code" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"proposals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	CONSTRAINT "bank_statement_lines_kind_known" CHECK ("bank_statement_lines"."kind" in ('transfer', 'collection', 'return', 'debit')),
	CONSTRAINT "bank_statement_lines_outcome_known" CHECK ("bank_statement_lines"."outcome" in ('settled', 'proposed', 'unmatched', 'collected', 'returned', 'ignored')),
	CONSTRAINT "bank_statement_lines_note_known" CHECK ("bank_statement_lines"."note" in ('exact', 'partial', 'payer-and-amount', 'several-candidates', 'amount-only', 'payer-only', 'more-than-due', 'less-than-named', 'already-paid', 'no-match', 'unknown-collection', 'not-euros')),
	CONSTRAINT "bank_statement_lines_sign" CHECK (("bank_statement_lines"."kind" in ('transfer', 'collection')) = ("bank_statement_lines"."amount_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"format" text NOT NULL,
	"identity" text NOT NULL,
	"account_iban" text NOT NULL,
	"from_date" date,
	"to_date" date,
	"file_name" text NOT NULL,
	"line_count" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by_id" text,
	CONSTRAINT "bank_statements_format_known" CHECK ("bank_statements"."format" in ('camt.053', 'camt.054', 'cfonb120'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_amount_positive";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reverses_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_line_settlements" ADD CONSTRAINT "bank_line_settlements_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_settlements" ADD CONSTRAINT "bank_line_settlements_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_settlements" ADD CONSTRAINT "bank_line_settlements_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_settlements" ADD CONSTRAINT "bank_line_settlements_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_settlements" ADD CONSTRAINT "bank_line_settlements_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_settlements_once" ON "bank_line_settlements" USING btree ("line_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_settlements_payment_key" ON "bank_line_settlements" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_line_settlements_invoice_idx" ON "bank_line_settlements" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_once" ON "bank_statement_lines" USING btree ("space_id","account_iban","line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_end_to_end_idx" ON "bank_statement_lines" USING btree ("space_id","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_identity_key" ON "bank_statements" USING btree ("space_id","account_iban","identity");--> statement-breakpoint
CREATE INDEX "bank_statements_space_idx" ON "bank_statements" USING btree ("space_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_reverses_payment_id_invoice_payments_id_fk" FOREIGN KEY ("reverses_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_reversed_once" ON "invoice_payments" USING btree ("reverses_payment_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_amount_sign" CHECK (("invoice_payments"."reverses_payment_id" is null and "invoice_payments"."amount_cents" > 0) or ("invoice_payments"."reverses_payment_id" is not null and "invoice_payments"."amount_cents" < 0));