CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"author_id" text NOT NULL,
	"cover_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"title_fr" text NOT NULL,
	"excerpt_fr" text NOT NULL,
	"body_fr" text NOT NULL,
	"cover_alt_fr" text DEFAULT '' NOT NULL,
	"title_en" text,
	"excerpt_en" text,
	"body_en" text,
	"cover_alt_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_shape" CHECK ("articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("articles"."slug") <= 80),
	CONSTRAINT "articles_status_known" CHECK ("articles"."status" in ('draft', 'published')),
	CONSTRAINT "articles_published_has_time" CHECK ("articles"."status" = 'draft' or "articles"."published_at" is not null),
	CONSTRAINT "articles_french_written" CHECK (length("articles"."title_fr") > 0 and length("articles"."excerpt_fr") > 0 and length("articles"."body_fr") > 0),
	CONSTRAINT "articles_english_whole" CHECK (("articles"."title_en" is null and "articles"."excerpt_en" is null and "articles"."body_en" is null and "articles"."cover_alt_en" is null)
        or (length("articles"."title_en") > 0 and length("articles"."excerpt_en") > 0 and length("articles"."body_en") > 0 and "articles"."cover_alt_en" is not null)),
	CONSTRAINT "articles_cover_url_safe" CHECK ("articles"."cover_url" ~ '^(https://|/[^/])')
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"question_fr" text NOT NULL,
	"answer_fr" text NOT NULL,
	"question_en" text NOT NULL,
	"answer_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_entries_topic_shape" CHECK ("faq_entries"."topic" ~ '^[a-z]+$'),
	CONSTRAINT "faq_entries_position_range" CHECK ("faq_entries"."position" between 0 and 9999),
	CONSTRAINT "faq_entries_written" CHECK (length("faq_entries"."question_fr") > 0 and length("faq_entries"."answer_fr") > 0 and length("faq_entries"."question_en") > 0 and length("faq_entries"."answer_en") > 0)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"name_fr" text NOT NULL,
	"body_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"body_en" text NOT NULL,
	"website_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_position_range" CHECK ("partners"."position" between 0 and 9999),
	CONSTRAINT "partners_written" CHECK (length("partners"."name_fr") > 0 and length("partners"."body_fr") > 0 and length("partners"."name_en") > 0 and length("partners"."body_en") > 0),
	CONSTRAINT "partners_website_https" CHECK ("partners"."website_url" ~ '^https://')
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_key" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "faq_entries_order_idx" ON "faq_entries" USING btree ("topic","position");