CREATE TABLE "whatsapp_history_messages" (
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"provider_message_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"ticket_id" integer,
	CONSTRAINT "whatsapp_history_messages_connection_id_provider_message_id_pk" PRIMARY KEY("connection_id","provider_message_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_history_messages" ADD CONSTRAINT "whatsapp_history_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_history_messages" ADD CONSTRAINT "whatsapp_history_messages_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_history_messages_order_idx" ON "whatsapp_history_messages" USING btree ("connection_id","imported","sent_at","provider_message_id");