CREATE TABLE "stay_credentials" (
	"stay_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	"passcode_id" integer,
	"error_key" text,
	"error_params" jsonb,
	CONSTRAINT "stay_credentials_stay_id_lock_id_pk" PRIMARY KEY("stay_id","lock_id")
);
--> statement-breakpoint
CREATE TABLE "stay_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"lock_id" integer,
	"group_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"check_in_buffer_minutes" integer NOT NULL,
	"check_out_buffer_minutes" integer NOT NULL,
	"notify" text NOT NULL,
	"guest_remote_unlock" integer DEFAULT 0 NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'en_US' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"error_key" text,
	"error_params" jsonb,
	"etag" text,
	"last_modified" text,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_feeds_one_target" CHECK (("stay_feeds"."lock_id" IS NULL) <> ("stay_feeds"."group_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "stay_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"lock_id" integer,
	"group_id" integer,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_instructions_one_target" CHECK (("stay_instructions"."lock_id" IS NULL) <> ("stay_instructions"."group_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"uid" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"guest_name" text DEFAULT '' NOT NULL,
	"guest_email" text,
	"guest_phone" text,
	"guest_locale" text NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"error_key" text,
	"error_params" jsonb,
	"guest_nonce" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_feed_uid_unique" UNIQUE("feed_id","uid")
);
--> statement-breakpoint
ALTER TABLE "stay_credentials" ADD CONSTRAINT "stay_credentials_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_credentials" ADD CONSTRAINT "stay_credentials_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_credentials" ADD CONSTRAINT "stay_credentials_passcode_id_passcodes_id_fk" FOREIGN KEY ("passcode_id") REFERENCES "public"."passcodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_feeds" ADD CONSTRAINT "stay_feeds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_feeds" ADD CONSTRAINT "stay_feeds_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_feeds" ADD CONSTRAINT "stay_feeds_group_id_lock_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lock_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_instructions" ADD CONSTRAINT "stay_instructions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_instructions" ADD CONSTRAINT "stay_instructions_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_instructions" ADD CONSTRAINT "stay_instructions_group_id_lock_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lock_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_feed_id_stay_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."stay_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_credentials_passcode_idx" ON "stay_credentials" USING btree ("passcode_id");--> statement-breakpoint
CREATE INDEX "stay_feeds_owner_idx" ON "stay_feeds" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stay_feeds_lock_idx" ON "stay_feeds" USING btree ("lock_id");--> statement-breakpoint
CREATE INDEX "stay_feeds_group_idx" ON "stay_feeds" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "stay_feeds_due_idx" ON "stay_feeds" USING btree ("next_poll_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_instructions_lock_unique" ON "stay_instructions" USING btree ("lock_id") WHERE "stay_instructions"."lock_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_instructions_group_unique" ON "stay_instructions" USING btree ("group_id") WHERE "stay_instructions"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stays_check_in_idx" ON "stays" USING btree ("feed_id","check_in");