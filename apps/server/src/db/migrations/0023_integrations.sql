ALTER TABLE "tickets" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_session" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;