CREATE TABLE "ekeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"recipient_id" integer,
	"recipient_account" text NOT NULL,
	"key_name" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"validity_type" integer NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"cycle" jsonb,
	"remote_enable" integer DEFAULT 0 NOT NULL,
	"key_right" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revoke_below" integer DEFAULT 0 NOT NULL,
	"lock_revoked_below" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"cycle_type" integer,
	"cycle_start_hour" integer,
	"cycle_end_hour" integer,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"serial" integer,
	"status" text NOT NULL,
	"operation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ekeys" ADD CONSTRAINT "ekeys_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekeys" ADD CONSTRAINT "ekeys_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekeys" ADD CONSTRAINT "ekeys_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ekeys_lock_idx" ON "ekeys" USING btree ("lock_id","created_at");--> statement-breakpoint
CREATE INDEX "ekeys_recipient_idx" ON "ekeys" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "ekeys_recipient_account_idx" ON "ekeys" USING btree ("recipient_account");--> statement-breakpoint
CREATE INDEX "ekeys_sender_idx" ON "ekeys" USING btree ("sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ekeys_live_unique" ON "ekeys" USING btree ("lock_id","recipient_account") WHERE "ekeys"."status" not in ('110407', '110408', '110409', '110410');--> statement-breakpoint
CREATE UNIQUE INDEX "passcodes_live_code_unique" ON "passcodes" USING btree ("lock_id","code") WHERE "passcodes"."status" <> '110503';--> statement-breakpoint
CREATE INDEX "passcodes_lock_code_idx" ON "passcodes" USING btree ("lock_id","code");--> statement-breakpoint
CREATE INDEX "passcodes_lock_idx" ON "passcodes" USING btree ("lock_id","created_at");