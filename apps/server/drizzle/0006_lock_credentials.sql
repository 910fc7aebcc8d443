CREATE TABLE "face_photos" (
	"credential_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sector" integer DEFAULT 0 NOT NULL,
	"buildings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"type" integer,
	"validity_type" integer NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"cycle" jsonb,
	"status" integer NOT NULL,
	"id_number" text,
	"link" text,
	"value" text,
	"pending_validity" jsonb,
	"operation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_balances" (
	"user_id" integer NOT NULL,
	"service_type" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_balances_user_id_service_type_pk" PRIMARY KEY("user_id","service_type"),
	CONSTRAINT "service_balances_units" CHECK ("service_balances"."units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "face_auth_frequency" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "hotel_building" integer;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "hotel_floor" integer;--> statement-breakpoint
ALTER TABLE "face_photos" ADD CONSTRAINT "face_photos_credential_id_lock_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."lock_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_settings" ADD CONSTRAINT "hotel_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD CONSTRAINT "lock_credentials_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_credentials" ADD CONSTRAINT "lock_credentials_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_balances" ADD CONSTRAINT "service_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_credentials_lock_idx" ON "lock_credentials" USING btree ("lock_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "lock_credentials_number_idx" ON "lock_credentials" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_credentials_live_value_unique" ON "lock_credentials" USING btree ("lock_id","kind","value") WHERE "lock_credentials"."status" <> 12;