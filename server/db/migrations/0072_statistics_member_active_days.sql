CREATE TABLE "member_active_days" (
	"space_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"year" smallint NOT NULL,
	"days" bit(366) DEFAULT repeat('0', 366)::bit(366) NOT NULL,
	CONSTRAINT "member_active_days_space_id_year_user_id_pk" PRIMARY KEY("space_id","year","user_id")
);
--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;