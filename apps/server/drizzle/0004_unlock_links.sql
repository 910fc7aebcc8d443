CREATE TABLE "unlock_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlock_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "unlock_links" ADD CONSTRAINT "unlock_links_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_links" ADD CONSTRAINT "unlock_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unlock_links_lock_idx" ON "unlock_links" USING btree ("lock_id");