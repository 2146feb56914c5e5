-- Search folds accents and case away on both sides ("reembolso" finds "Reembolsó"). A fixed
-- translate() rather than the unaccent extension: immutable, so indexes can hold it, and the same
-- on PGlite and every PostgreSQL server; lower() after it, since under the C collation lower()
-- leaves non-ASCII letters alone.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(value,
    'áàâãäåÁÀÂÃÄÅéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑýÿÝ',
    'aaaaaaAAAAAAeeeeEEEEiiiiIIIIoooooOOOOOuuuuUUUUcCnNyyY'))
$$;--> statement-breakpoint
-- IF NOT EXISTS: on a large database an operator may build these first with CREATE INDEX
-- CONCURRENTLY (docs/benchmarks.md), and the migration then keeps them.
DROP INDEX IF EXISTS "tickets_last_message_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_body_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_search_idx" ON "contacts" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_last_message_search_idx" ON "tickets" USING gin (search_fold("last_message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_search_idx" ON "messages" USING gin (search_fold("body") gin_trgm_ops);