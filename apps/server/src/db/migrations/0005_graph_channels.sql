ALTER TABLE "connections" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_channel_external_id_key" ON "connections" USING btree ("channel","external_id") WHERE "connections"."external_id" is not null;