CREATE TABLE "ledger_heads" (
	"ledger" text NOT NULL,
	"scope" text NOT NULL,
	"last_position" bigint NOT NULL,
	"last_footprint" text NOT NULL,
	CONSTRAINT "ledger_heads_ledger_scope_pk" PRIMARY KEY("ledger","scope")
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD COLUMN "previous_footprint" text;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD COLUMN "values_digest" text;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD COLUMN "footprint" text;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "space_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "previous_footprint" text;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "footprint" text;--> statement-breakpoint
ALTER TABLE "invoicing_closings" ADD COLUMN "anchor" jsonb;
-- The chains' unique keys are added by 0031, once older rows have their positions.
