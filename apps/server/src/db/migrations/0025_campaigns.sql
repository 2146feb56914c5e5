CREATE TABLE "campaign_settings" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "campaign_shipping" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact_id" integer,
	"delivered_at" timestamp with time zone,
	"confirmation_requested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"message1" text DEFAULT '' NOT NULL,
	"message2" text DEFAULT '' NOT NULL,
	"message3" text DEFAULT '' NOT NULL,
	"message4" text DEFAULT '' NOT NULL,
	"message5" text DEFAULT '' NOT NULL,
	"confirmation_message1" text DEFAULT '' NOT NULL,
	"confirmation_message2" text DEFAULT '' NOT NULL,
	"confirmation_message3" text DEFAULT '' NOT NULL,
	"confirmation_message4" text DEFAULT '' NOT NULL,
	"confirmation_message5" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"whatsapp_id" integer,
	"open_ticket" text DEFAULT 'disabled' NOT NULL,
	"status_ticket" text DEFAULT 'closed' NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"media_path" text,
	"media_name" text,
	"media_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tag_list_id_tags_id_fk" FOREIGN KEY ("tag_list_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shipping_campaign_number_key" ON "campaign_shipping" USING btree ("campaign_id","number");--> statement-breakpoint
CREATE INDEX "campaign_shipping_company_contact_idx" ON "campaign_shipping" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_name_idx" ON "campaigns" USING btree ("company_id","name");