CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"lock_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "open_api_usage" ADD COLUMN "source" text DEFAULT 'openApi' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_api_usage" DROP CONSTRAINT "open_api_usage_user_id_month_pk";--> statement-breakpoint
ALTER TABLE "open_api_usage" ADD CONSTRAINT "open_api_usage_user_id_source_month_pk" PRIMARY KEY("user_id","source","month");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");