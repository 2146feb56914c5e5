CREATE TABLE "chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"queue_type" text DEFAULT 'text' NOT NULL,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"opt_queue_id" integer,
	"opt_user_id" integer,
	"opt_integration_id" integer,
	"opt_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "greeting_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "out_of_hours_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "completion_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "order_queue" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ativar_roteador" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "tempo_roteador" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "file_list_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "close_ticket" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_parent_id_chatbots_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_queue_id_queues_id_fk" FOREIGN KEY ("opt_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_queue_parent_idx" ON "chatbots" USING btree ("queue_id","parent_id");