ALTER TABLE "companies" ADD COLUMN "custom_users" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_connections" integer;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "custom_users" integer;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "custom_connections" integer;