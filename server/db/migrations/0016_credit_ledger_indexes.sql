DROP INDEX "credit_entries_lot_idx";--> statement-breakpoint
DROP INDEX "credit_entries_user_idx";--> statement-breakpoint
CREATE INDEX "credit_entries_lot_idx" ON "credit_entries" USING btree ("lot_id","id","amount");--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","id");