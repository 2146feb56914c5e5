ALTER TABLE "companies" ADD COLUMN "folder_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "number_file_folder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at_folder" timestamp with time zone;--> statement-breakpoint
-- every existing company gets its folder-stats job (modules/companies/companies.jobs.ts), as a new one does
INSERT INTO "jobs" ("kind", "company_id", "payload", "priority", "singleton_key") SELECT 'company.folderStats', "id", jsonb_build_object('companyId', "id"), 0, "id"::text FROM "companies" ON CONFLICT DO NOTHING;
