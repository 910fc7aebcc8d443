DROP INDEX "lock_records_lock_date_idx";--> statement-breakpoint
ALTER TABLE "lock_records" ADD COLUMN "person" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lock_records" ADD COLUMN "credential_kind" text;--> statement-breakpoint
ALTER TABLE "lock_records" ADD COLUMN "credential_id" integer;--> statement-breakpoint
CREATE INDEX "lock_records_lock_type_idx" ON "lock_records" USING btree ("lock_id","record_type","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_lock_credential_idx" ON "lock_records" USING btree ("lock_id","credential_kind","credential_id","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_lock_date_idx" ON "lock_records" USING btree ("lock_id","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);