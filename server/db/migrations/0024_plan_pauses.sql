CREATE TABLE "plan_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "plan_pauses_status_known" CHECK ("plan_pauses"."status" in ('planned', 'applied', 'cancelled')),
	CONSTRAINT "plan_pauses_order" CHECK ("plan_pauses"."ends_on" > "plan_pauses"."starts_on" and "plan_pauses"."ends_at" > "plan_pauses"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "paused_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_sales_settings" ADD COLUMN "pause_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "space_sales_settings" ADD COLUMN "pause_max_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_sales_settings" ADD COLUMN "pause_notice_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_pauses" ADD CONSTRAINT "plan_pauses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_pauses_plan_idx" ON "plan_pauses" USING btree ("plan_id","starts_at");--> statement-breakpoint
CREATE INDEX "plan_pauses_due_idx" ON "plan_pauses" USING btree ("ends_at") WHERE "plan_pauses"."status" = 'planned';--> statement-breakpoint
ALTER TABLE "space_sales_settings" ADD CONSTRAINT "space_sales_pause_range" CHECK ("space_sales_settings"."pause_max_days" between 1 and 180 and "space_sales_settings"."pause_notice_days" between 0 and 60);