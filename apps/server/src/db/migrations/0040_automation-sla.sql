CREATE TABLE "automation_rule_runs" (
	"rule_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rule_runs_rule_id_event_key_pk" PRIMARY KEY("rule_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"trigger" text NOT NULL,
	"idle_minutes" integer,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_ticket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macros" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"queue_id" integer,
	"priority" text,
	"first_response_minutes" integer,
	"next_response_minutes" integer,
	"resolution_minutes" integer,
	"hours_mode" text DEFAULT 'calendar' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"policy_id" integer,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"met_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	"user_id" integer,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "use_automation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "last_assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "priority" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macros" ADD CONSTRAINT "macros_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macros" ADD CONSTRAINT "macros_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rule_runs_ran_at_idx" ON "automation_rule_runs" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "automation_rules_company_trigger_idx" ON "automation_rules" USING btree ("company_id","trigger","position");--> statement-breakpoint
CREATE INDEX "macros_company_user_idx" ON "macros" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "sla_policies_company_queue_idx" ON "sla_policies" USING btree ("company_id","queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_targets_ticket_kind_due_key" ON "sla_targets" USING btree ("ticket_id","kind","due_at");--> statement-breakpoint
CREATE INDEX "sla_targets_company_created_idx" ON "sla_targets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sla_targets_open_due_idx" ON "sla_targets" USING btree ("due_at");