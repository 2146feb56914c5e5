ALTER TABLE "connections" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "status_reason_code" integer;