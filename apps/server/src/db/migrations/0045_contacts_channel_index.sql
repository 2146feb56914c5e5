-- The contacts page filtered by channel reads its page in order from this index (issue 41 point 4).
-- IF NOT EXISTS: on a large database an operator may build it first with CREATE INDEX CONCURRENTLY
-- (docs/benchmarks.md), and the migration then keeps it.
CREATE INDEX IF NOT EXISTS "contacts_company_channel_lower_name_idx" ON "contacts" USING btree ("company_id","channel",lower("name"),"id");
