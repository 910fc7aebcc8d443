CREATE TABLE "credential_sync_reports" (
	"lock_id" integer PRIMARY KEY NOT NULL,
	"operation_id" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"error" text,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"unknown_count" integer DEFAULT 0 NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD COLUMN "sync_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD COLUMN "sync_operation_id" text;--> statement-breakpoint
ALTER TABLE "passcodes" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "passcodes" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passcodes" ADD COLUMN "sync_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passcodes" ADD COLUMN "sync_operation_id" text;--> statement-breakpoint
ALTER TABLE "credential_sync_reports" ADD CONSTRAINT "credential_sync_reports_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_credentials_sync_due_idx" ON "lock_credentials" USING btree ("sync_next_at") WHERE "lock_credentials"."sync_next_at" is not null;--> statement-breakpoint
CREATE INDEX "passcodes_sync_due_idx" ON "passcodes" USING btree ("sync_next_at") WHERE "passcodes"."sync_next_at" is not null;