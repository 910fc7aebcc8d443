CREATE TABLE "lock_group_locks" (
	"user_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "lock_group_locks_user_id_lock_id_pk" PRIMARY KEY("user_id","lock_id")
);
--> statement-breakpoint
CREATE TABLE "lock_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lock_groups_owner_name_unique" UNIQUE("owner_id","name")
);
--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "auto_lock_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "passage_mode" jsonb DEFAULT '{"passageMode":2,"periods":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "room_status" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "daylight_saving_reminder" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "lock_group_locks" ADD CONSTRAINT "lock_group_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_group_locks" ADD CONSTRAINT "lock_group_locks_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_group_locks" ADD CONSTRAINT "lock_group_locks_group_id_lock_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lock_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_groups" ADD CONSTRAINT "lock_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_group_locks_group_idx" ON "lock_group_locks" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "lock_group_locks_user_group_idx" ON "lock_group_locks" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "locks_owner_name_idx" ON "locks" USING btree ("owner_id","name","id");