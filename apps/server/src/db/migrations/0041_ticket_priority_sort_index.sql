-- A tab sorted by priority reads its page in order from this index (issue 40 point 5). IF NOT
-- EXISTS: on a large database an operator may build it first with CREATE INDEX CONCURRENTLY
-- (docs/benchmarks.md), and the migration then keeps it.
CREATE INDEX IF NOT EXISTS "tickets_company_status_priority_updated_idx" ON "tickets" USING btree ("company_id","status",array_position(array['none','low','medium','high','urgent']::text[], "priority"),"updated_at","id");
