CREATE TABLE "quick_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"shortcode" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"geral" boolean DEFAULT false NOT NULL,
	"visao" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "time_lane" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "next_lane_id" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "rollback_lane_id" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "greeting_message_lane" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_messages_company_shortcode_idx" ON "quick_messages" USING btree ("company_id","shortcode");--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_next_lane_id_tags_id_fk" FOREIGN KEY ("next_lane_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_rollback_lane_id_tags_id_fk" FOREIGN KEY ("rollback_lane_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;