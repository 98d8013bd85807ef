CREATE TABLE "demand_counts" (
	"day" date NOT NULL,
	"city_key" text NOT NULL,
	"size" smallint NOT NULL,
	"kind" text NOT NULL,
	"space_id" uuid,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_counts_key" UNIQUE NULLS NOT DISTINCT("day","city_key","size","kind","space_id"),
	CONSTRAINT "demand_counts_kind_known" CHECK ("demand_counts"."kind" in ('search', 'search-empty', 'search-shown', 'slot-taken', 'closed', 'lead-time', 'horizon')),
	CONSTRAINT "demand_counts_size_range" CHECK ("demand_counts"."size" between 0 and 1000),
	CONSTRAINT "demand_counts_space_when_needed" CHECK (("demand_counts"."space_id" is null) = ("demand_counts"."kind" in ('search', 'search-empty')))
);
--> statement-breakpoint
CREATE TABLE "room_day_use" (
	"room_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"day" date NOT NULL,
	"booked_minutes" integer DEFAULT 0 NOT NULL,
	"h00" integer DEFAULT 0 NOT NULL,
	"h01" integer DEFAULT 0 NOT NULL,
	"h02" integer DEFAULT 0 NOT NULL,
	"h03" integer DEFAULT 0 NOT NULL,
	"h04" integer DEFAULT 0 NOT NULL,
	"h05" integer DEFAULT 0 NOT NULL,
	"h06" integer DEFAULT 0 NOT NULL,
	"h07" integer DEFAULT 0 NOT NULL,
	"h08" integer DEFAULT 0 NOT NULL,
	"h09" integer DEFAULT 0 NOT NULL,
	"h10" integer DEFAULT 0 NOT NULL,
	"h11" integer DEFAULT 0 NOT NULL,
	"h12" integer DEFAULT 0 NOT NULL,
	"h13" integer DEFAULT 0 NOT NULL,
	"h14" integer DEFAULT 0 NOT NULL,
	"h15" integer DEFAULT 0 NOT NULL,
	"h16" integer DEFAULT 0 NOT NULL,
	"h17" integer DEFAULT 0 NOT NULL,
	"h18" integer DEFAULT 0 NOT NULL,
	"h19" integer DEFAULT 0 NOT NULL,
	"h20" integer DEFAULT 0 NOT NULL,
	"h21" integer DEFAULT 0 NOT NULL,
	"h22" integer DEFAULT 0 NOT NULL,
	"h23" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"late_cancelled" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_day_use_room_id_day_pk" PRIMARY KEY("room_id","day")
);
--> statement-breakpoint
ALTER TABLE "demand_counts" ADD CONSTRAINT "demand_counts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_day_use" ADD CONSTRAINT "room_day_use_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_day_use" ADD CONSTRAINT "room_day_use_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_counts_space_idx" ON "demand_counts" USING btree ("space_id","day") WHERE "demand_counts"."space_id" is not null;--> statement-breakpoint
CREATE INDEX "demand_counts_city_idx" ON "demand_counts" USING btree ("city_key","day");--> statement-breakpoint
CREATE INDEX "room_day_use_space_idx" ON "room_day_use" USING btree ("space_id","day");