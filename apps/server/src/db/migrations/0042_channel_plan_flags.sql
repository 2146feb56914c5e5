ALTER TABLE "plans" ADD COLUMN "use_telegram" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "use_webchat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "use_email" boolean DEFAULT true NOT NULL;