ALTER TABLE "tags" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the board showed lanes by name until now: they keep that order until an admin moves them
UPDATE "tags" SET "position" = "ranked"."position"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id" ORDER BY "name", "id") AS "position" FROM "tags") AS "ranked"
 WHERE "tags"."id" = "ranked"."id";
