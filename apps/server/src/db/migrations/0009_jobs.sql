CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"priority" smallint NOT NULL,
	"ordering_key" text,
	"singleton_key" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"run_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"claim_token" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_unfinished_company_idx" ON "jobs" USING btree ("company_id","priority" DESC NULLS LAST,"id") WHERE "jobs"."state" in ('waiting', 'running');--> statement-breakpoint
CREATE INDEX "jobs_unfinished_ordering_idx" ON "jobs" USING btree ("ordering_key","id") WHERE "jobs"."state" in ('waiting', 'running') and "jobs"."ordering_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unfinished_singleton_key" ON "jobs" USING btree ("kind","singleton_key") WHERE "jobs"."state" in ('waiting', 'running') and "jobs"."singleton_key" is not null;--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" in ('completed', 'failed');--> statement-breakpoint
CREATE INDEX "jobs_kind_state_idx" ON "jobs" USING btree ("kind","state");--> statement-breakpoint
-- Pending work of the two mechanisms this table replaces moves over before they go: outbound
-- messages (interactive priority 20, ordered per connection and contact) and ticket timers
-- (normal priority 10, one per kind and ticket, due when the application's clock reaches due_at).
-- Outbound jobs used to retry without end: they start counting again under the new cap.
INSERT INTO "jobs" ("kind", "company_id", "payload", "priority", "ordering_key", "run_at", "locked_until", "attempts", "last_error", "created_at")
SELECT 'message.outbound', o."company_id",
	jsonb_build_object('companyId', o."company_id", 'messageId', o."message_id", 'action', o."kind", 'connectionId', m."whatsapp_id"),
	20, 'outbound:' || coalesce(m."whatsapp_id"::text, '-') || ':' || coalesce(m."contact_id"::text, '-'),
	NULL, o."run_after", 0, o."last_error", o."created_at"
FROM "outbound_jobs" o LEFT JOIN "messages" m ON m."id" = o."message_id"
WHERE o."done_at" IS NULL
ORDER BY o."id";--> statement-breakpoint
INSERT INTO "jobs" ("kind", "company_id", "payload", "priority", "singleton_key", "run_at", "locked_until", "attempts", "last_error", "created_at")
SELECT 'ticket.' || t."kind", t."company_id", jsonb_build_object('companyId', t."company_id", 'ticketId', t."ticket_id"),
	10, t."ticket_id"::text, t."due_at", t."locked_until", t."attempts", t."last_error", t."created_at"
FROM "timers" t
ORDER BY t."id";--> statement-breakpoint
DROP TABLE "outbound_jobs" CASCADE;--> statement-breakpoint
DROP TABLE "timers" CASCADE;