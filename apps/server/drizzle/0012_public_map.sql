CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_unlocks" (
	"grain" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"city_id" integer NOT NULL,
	"method" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "city_unlocks_grain_bucket_city_id_method_pk" PRIMARY KEY("grain","bucket","city_id","method")
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "lock_records" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "locks" ADD COLUMN "last_unlock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locks" ADD CONSTRAINT "locks_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locks_city_idx" ON "locks" USING btree ("city_id");