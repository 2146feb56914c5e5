CREATE TABLE "whatsapp_auth_keys" (
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "whatsapp_auth_keys_connection_id_type_key_id_pk" PRIMARY KEY("connection_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_session_leases" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"command" text
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lid" text;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" ADD CONSTRAINT "whatsapp_session_leases_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" ADD CONSTRAINT "whatsapp_session_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_session_leases_company_idx" ON "whatsapp_session_leases" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_lid_key" ON "contacts" USING btree ("company_id","lid") WHERE "contacts"."lid" is not null;