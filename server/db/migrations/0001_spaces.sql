CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"subdomain" text,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spaces_subdomain_not_reserved" CHECK ("spaces"."subdomain" <> 'beta'),
	CONSTRAINT "spaces_color_hex" CHECK ("spaces"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_slug_key" ON "spaces" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_subdomain_key" ON "spaces" USING btree ("subdomain");