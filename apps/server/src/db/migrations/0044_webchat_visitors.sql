CREATE TABLE "webchat_visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"visitor_number" text NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_visitors_connection_number_uq" ON "webchat_visitors" USING btree ("connection_id","visitor_number");--> statement-breakpoint
CREATE INDEX "webchat_visitors_contact_idx" ON "webchat_visitors" USING btree ("contact_id","connection_id");--> statement-breakpoint
INSERT INTO "webchat_visitors" ("company_id", "connection_id", "visitor_number", "contact_id", "created_at")
SELECT c."company_id", c."whatsapp_id", c."number", c."id", c."created_at" FROM "contacts" c
JOIN "connections" w ON w."id" = c."whatsapp_id" AND w."channel" = 'webchat'
WHERE c."channel" = 'webchat'
ON CONFLICT DO NOTHING;
