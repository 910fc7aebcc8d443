CREATE TABLE "open_api_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_api_clients_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "open_api_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "open_api_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_pk" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_api_tokens_access_hash_unique" UNIQUE("access_hash"),
	CONSTRAINT "open_api_tokens_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "open_api_usage" (
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_api_usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "open_api_password_hash" text;--> statement-breakpoint
ALTER TABLE "open_api_clients" ADD CONSTRAINT "open_api_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_tokens" ADD CONSTRAINT "open_api_tokens_client_pk_open_api_clients_id_fk" FOREIGN KEY ("client_pk") REFERENCES "public"."open_api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_tokens" ADD CONSTRAINT "open_api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_usage" ADD CONSTRAINT "open_api_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_api_tokens_user_idx" ON "open_api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_api_tokens_client_idx" ON "open_api_tokens" USING btree ("client_pk");