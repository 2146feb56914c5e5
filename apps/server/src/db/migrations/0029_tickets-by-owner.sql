DROP INDEX "tickets_company_user_status_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_updated_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_company_unassigned_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at","id") WHERE "tickets"."user_id" is null;