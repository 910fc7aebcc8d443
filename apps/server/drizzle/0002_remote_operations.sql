CREATE TABLE "gateway_locks" (
	"gateway_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	"rssi" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_locks_gateway_id_lock_id_pk" PRIMARY KEY("gateway_id","lock_id")
);
--> statement-breakpoint
CREATE TABLE "lock_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"device_record_id" text NOT NULL,
	"record_type" integer NOT NULL,
	"success" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"credential" text DEFAULT '' NOT NULL,
	"lock_date" timestamp with time zone NOT NULL,
	"server_date" timestamp with time zone DEFAULT now() NOT NULL,
	"battery" integer,
	CONSTRAINT "lock_records_device_unique" UNIQUE("lock_id","device_record_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lock_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"lock_id" integer NOT NULL,
	"gateway_id" integer,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"command" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" integer NOT NULL,
	"error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "secret_sealed" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "rssi" integer;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "status_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "switches" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "gateway_locks" ADD CONSTRAINT "gateway_locks_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_locks" ADD CONSTRAINT "gateway_locks_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_records" ADD CONSTRAINT "lock_records_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_operations" ADD CONSTRAINT "remote_operations_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_operations" ADD CONSTRAINT "remote_operations_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_operations" ADD CONSTRAINT "remote_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_locks_lock_idx" ON "gateway_locks" USING btree ("lock_id");--> statement-breakpoint
CREATE INDEX "lock_records_lock_date_idx" ON "lock_records" USING btree ("lock_id","lock_date");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "remote_operations_open_idx" ON "remote_operations" USING btree ("state","deadline");--> statement-breakpoint
CREATE INDEX "remote_operations_gateway_idx" ON "remote_operations" USING btree ("gateway_id","state");