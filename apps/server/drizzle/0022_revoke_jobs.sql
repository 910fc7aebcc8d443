CREATE TABLE "revoke_job_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	"lock_alias" text NOT NULL,
	"state" text NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"at_lock" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"error_code" integer DEFAULT 0 NOT NULL,
	"operation_error" text,
	"operation_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoke_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lock_user" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "revoke_job_items" ADD CONSTRAINT "revoke_job_items_job_id_revoke_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."revoke_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoke_jobs" ADD CONSTRAINT "revoke_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoke_job_items_job_idx" ON "revoke_job_items" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "revoke_job_items_due_idx" ON "revoke_job_items" USING btree ("due_at") WHERE "revoke_job_items"."state" in ('queued', 'running', 'pending');--> statement-breakpoint
CREATE INDEX "revoke_jobs_user_idx" ON "revoke_jobs" USING btree ("user_id","finished_at");