CREATE TABLE "ad_spaces" (
	"space_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	CONSTRAINT "ad_spaces_space_id_ad_id_pk" PRIMARY KEY("space_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"excerpt" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "ads_category_known" CHECK ("ads"."category" in ('service', 'job', 'desk', 'equipment', 'event', 'other')),
	CONSTRAINT "ads_kind_known" CHECK ("ads"."kind" in ('offer', 'request')),
	CONSTRAINT "ads_status_known" CHECK ("ads"."status" in ('open', 'closed', 'hidden')),
	CONSTRAINT "ads_title_length" CHECK (char_length("ads"."title") between 1 and 120),
	CONSTRAINT "ads_body_length" CHECK (char_length("ads"."body") between 1 and 5000),
	CONSTRAINT "ads_ends_within_90_days" CHECK ("ads"."ends_at" > "ads"."created_at" and "ads"."ends_at" <= "ads"."created_at" + interval '91 days'),
	CONSTRAINT "ads_status_dates" CHECK (("ads"."status" = 'hidden') = ("ads"."hidden_at" is not null) and ("ads"."status" = 'closed') = ("ads"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "community_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"ad_id" uuid,
	"in_reply_to" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_messages_not_to_self" CHECK ("community_messages"."sender_id" <> "community_messages"."recipient_id"),
	CONSTRAINT "community_messages_length" CHECK (char_length("community_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"ad_id" uuid,
	"profile_user_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_reports_status_known" CHECK ("community_reports"."status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "community_reports_one_subject" CHECK (("community_reports"."subject_type" = 'ad' and "community_reports"."ad_id" is not null and "community_reports"."profile_user_id" is null)
        or ("community_reports"."subject_type" = 'profile' and "community_reports"."profile_user_id" is not null and "community_reports"."ad_id" is null)),
	CONSTRAINT "community_reports_decided" CHECK (("community_reports"."status" = 'open') = ("community_reports"."decided_at" is null)
        and ("community_reports"."status" = 'open' or ("community_reports"."decided_by" is not null and "community_reports"."decision_reason" is not null))),
	CONSTRAINT "community_reports_reason_length" CHECK (char_length("community_reports"."reason") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "directory_entries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"fields" text[] DEFAULT '{name}'::text[] NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"sort_name" text,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "directory_fields_known" CHECK ("directory_entries"."fields" <@ array['name','avatar','company','jobTitle','skills','bio','links']::text[]),
	CONSTRAINT "directory_links_few" CHECK (cardinality("directory_entries"."links") <= 5)
);
--> statement-breakpoint
ALTER TABLE "ad_spaces" ADD CONSTRAINT "ad_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_spaces" ADD CONSTRAINT "ad_spaces_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_messages" ADD CONSTRAINT "community_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_messages" ADD CONSTRAINT "community_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_messages" ADD CONSTRAINT "community_messages_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_spaces_ad_idx" ON "ad_spaces" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ads_author_idx" ON "ads" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_open_idx" ON "ads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "community_messages_recipient_idx" ON "community_messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "community_messages_sender_idx" ON "community_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "community_reports_ad_idx" ON "community_reports" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "community_reports_profile_idx" ON "community_reports" USING btree ("profile_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_open_ad_key" ON "community_reports" USING btree ("reporter_id","ad_id") WHERE "community_reports"."status" = 'open' and "community_reports"."ad_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_open_profile_key" ON "community_reports" USING btree ("reporter_id","profile_user_id") WHERE "community_reports"."status" = 'open' and "community_reports"."profile_user_id" is not null;--> statement-breakpoint
CREATE INDEX "directory_listed_idx" ON "directory_entries" USING btree ("sort_name","user_id") WHERE "directory_entries"."listed";