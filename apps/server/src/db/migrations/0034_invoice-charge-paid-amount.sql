ALTER TABLE "invoice_charges" ADD COLUMN "paid_amount" numeric(12, 2);--> statement-breakpoint
-- charges paid before the amount was recorded were paid in full (the webhook renewed on them)
UPDATE "invoice_charges" SET "paid_amount" = "amount" WHERE "paid_at" IS NOT NULL;
