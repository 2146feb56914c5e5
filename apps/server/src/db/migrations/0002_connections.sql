CREATE TABLE "connection_queues" (
	"connection_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "connection_queues_connection_id_queue_id_pk" PRIMARY KEY("connection_id","queue_id")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "qrcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "token" text;--> statement-breakpoint
UPDATE "connections" SET "token" = substr(md5(random()::text || "id"::text), 1, 30) WHERE "token" IS NULL;--> statement-breakpoint
ALTER TABLE "connections" ALTER COLUMN "token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "provider" text DEFAULT 'beta' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "greeting_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "complation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "out_of_hours_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "rating_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "allow_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "max_use_bot_queues" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "time_use_bot_queues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "time_send_queue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "send_id_queue" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "expires_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "expires_ticket_nps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "max_use_bot_queues_nps" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "expires_inactive_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "time_inactive_message" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "inactive_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "when_expires_ticket" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "time_create_new_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "greeting_media_attachment" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "enable_import_message" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "import_old_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "import_recent_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "import_old_messages_groups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "closed_tickets_post_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "queue_id_import_messages" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "status_import_messages" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "collective_vacation_start" date;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "collective_vacation_end" date;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "collective_vacation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "channel_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_queues_queue_id_idx" ON "connection_queues" USING btree ("queue_id");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_send_id_queue_queues_id_fk" FOREIGN KEY ("send_id_queue") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_queue_id_import_messages_queues_id_fk" FOREIGN KEY ("queue_id_import_messages") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_key" ON "connections" USING btree ("token");