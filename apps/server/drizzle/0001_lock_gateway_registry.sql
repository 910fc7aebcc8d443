CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"mac" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"network_name" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateways_mac_unique" UNIQUE("mac")
);
--> statement-breakpoint
CREATE TABLE "locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"mac" text NOT NULL,
	"lock_number" text NOT NULL,
	"name" text NOT NULL,
	"firmware" text NOT NULL,
	"feature_value" text NOT NULL,
	"passcode_version" integer NOT NULL,
	"lock_secret" text NOT NULL,
	"timezone_raw_offset" integer DEFAULT 0 NOT NULL,
	"battery" integer DEFAULT 100 NOT NULL,
	"state" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locks_mac_unique" UNIQUE("mac")
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locks" ADD CONSTRAINT "locks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateways_owner_idx" ON "gateways" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "locks_owner_idx" ON "locks" USING btree ("owner_id");