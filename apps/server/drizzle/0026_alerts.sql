CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"battery_percent" smallint NOT NULL,
	"gateway_offline_minutes" integer NOT NULL,
	"wrong_passcode_count" smallint NOT NULL,
	"wrong_passcode_minutes" integer NOT NULL,
	"door_open_minutes" integer NOT NULL,
	"quiet_start" smallint NOT NULL,
	"quiet_end" smallint NOT NULL,
	"delivery" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_battery" CHECK ("alert_settings"."battery_percent" between 1 and 99),
	CONSTRAINT "alert_settings_quiet" CHECK ("alert_settings"."quiet_start" between 0 and 1439 and "alert_settings"."quiet_end" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lock_id" integer,
	"gateway_id" integer,
	"subject" text NOT NULL,
	"details" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"delivery" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_unique" ON "alerts" USING btree ("owner_id","kind","subject") WHERE "alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_owner_idx" ON "alerts" USING btree ("owner_id","id" DESC NULLS LAST);