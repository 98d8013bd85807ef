CREATE TABLE "revenue_days" (
	"space_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"excl_vat_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_days_space_id_day_source_kind_pk" PRIMARY KEY("space_id","day","source","kind"),
	CONSTRAINT "revenue_days_source_known" CHECK ("revenue_days"."source" in ('bookings', 'formulas', 'eventPlaces', 'other')),
	CONSTRAINT "revenue_days_kind_known" CHECK ("revenue_days"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
ALTER TABLE "revenue_days" ADD CONSTRAINT "revenue_days_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;