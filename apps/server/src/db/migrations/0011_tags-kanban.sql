ALTER TABLE "tags" ADD COLUMN "time_lane" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "next_lane_id" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "rollback_lane_id" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "greeting_message_lane" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_next_lane_id_tags_id_fk" FOREIGN KEY ("next_lane_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_rollback_lane_id_tags_id_fk" FOREIGN KEY ("rollback_lane_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;