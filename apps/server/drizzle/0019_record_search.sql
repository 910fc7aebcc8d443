-- The records' person search by trigrams, per lock (docs/records.md); both extensions ship with PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "lock_records_lock_number_idx" ON "lock_records" USING btree ("lock_id","credential","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_search_idx" ON "lock_records" USING gin ("lock_id",("person" || chr(10) || "username" || chr(10) || "credential") gin_trgm_ops);--> statement-breakpoint
ANALYZE "lock_records";
