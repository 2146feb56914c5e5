CREATE TABLE "source_import_ids" (
	"source" text NOT NULL,
	"entity" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" integer NOT NULL,
	"company_id" integer,
	CONSTRAINT "source_import_ids_source_entity_source_id_pk" PRIMARY KEY("source","entity","source_id")
);
--> statement-breakpoint
CREATE TABLE "source_import_progress" (
	"source" text NOT NULL,
	"source_table" text NOT NULL,
	"last_key" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_import_progress_source_source_table_pk" PRIMARY KEY("source","source_table")
);
--> statement-breakpoint
ALTER TABLE "source_import_ids" ADD CONSTRAINT "source_import_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;