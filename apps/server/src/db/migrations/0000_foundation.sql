CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"queues" integer DEFAULT 0 NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"use_whatsapp" boolean DEFAULT true NOT NULL,
	"use_facebook" boolean DEFAULT true NOT NULL,
	"use_instagram" boolean DEFAULT true NOT NULL,
	"use_campaigns" boolean DEFAULT true NOT NULL,
	"use_schedules" boolean DEFAULT true NOT NULL,
	"use_internal_chat" boolean DEFAULT true NOT NULL,
	"use_external_api" boolean DEFAULT true NOT NULL,
	"use_kanban" boolean DEFAULT true NOT NULL,
	"use_open_ai" boolean DEFAULT true NOT NULL,
	"use_integrations" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"plan_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"due_date" date NOT NULL,
	"recurrence" text DEFAULT 'MENSAL' NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_queues" (
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "user_queues_user_id_queue_id_pk" PRIMARY KEY("user_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"profile_image" text,
	"start_work" text DEFAULT '00:00' NOT NULL,
	"end_work" text DEFAULT '23:59' NOT NULL,
	"farewell_message" text DEFAULT '' NOT NULL,
	"whatsapp_id" integer,
	"default_theme" text DEFAULT 'light' NOT NULL,
	"default_menu" text DEFAULT 'open' NOT NULL,
	"default_tickets_manager_width" integer DEFAULT 550 NOT NULL,
	"color" text DEFAULT '#7c7c7c' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"all_ticket" text DEFAULT 'disabled' NOT NULL,
	"allow_group" text DEFAULT 'disabled' NOT NULL,
	"all_historic" text DEFAULT 'disabled' NOT NULL,
	"all_user_chat" text DEFAULT 'disabled' NOT NULL,
	"user_close_pending_ticket" text DEFAULT 'enabled' NOT NULL,
	"show_dashboard" text DEFAULT 'disabled' NOT NULL,
	"allow_real_time" text DEFAULT 'disabled' NOT NULL,
	"allow_connections" text DEFAULT 'disabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_key" ON "plans" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_plan_id_idx" ON "companies" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "queues_company_id_idx" ON "queues" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_key" ON "queues" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_key" ON "queues" USING btree ("company_id","color");--> statement-breakpoint
CREATE INDEX "connections_company_id_idx" ON "connections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_queues_queue_id_idx" ON "user_queues" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens" USING btree ("user_id");