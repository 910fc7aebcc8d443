-- The unlock records become a table partitioned by month of lock time (docs/records.md, "Partitions"):
-- the table as it was steps aside, giving up the names of its constraints and indexes, ...
ALTER TABLE "lock_records" RENAME TO "lock_records_unpartitioned";--> statement-breakpoint
ALTER TABLE "lock_records_unpartitioned" DROP CONSTRAINT "lock_records_pkey";--> statement-breakpoint
ALTER TABLE "lock_records_unpartitioned" DROP CONSTRAINT "lock_records_device_unique";--> statement-breakpoint
DROP INDEX "lock_records_lock_date_idx";--> statement-breakpoint
DROP INDEX "lock_records_lock_type_idx";--> statement-breakpoint
DROP INDEX "lock_records_lock_credential_idx";--> statement-breakpoint
DROP INDEX "lock_records_lock_number_idx";--> statement-breakpoint
DROP INDEX "lock_records_search_idx";--> statement-breakpoint
ALTER SEQUENCE "lock_records_id_seq" OWNED BY NONE;--> statement-breakpoint
-- ... the partitioned table takes its place, record ids going on from the same sequence ...
CREATE TABLE "lock_records" (
	"id" bigint DEFAULT nextval('lock_records_id_seq'::regclass) NOT NULL,
	"lock_id" integer NOT NULL,
	"device_record_id" text NOT NULL,
	"record_type" integer NOT NULL,
	"success" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"credential" text DEFAULT '' NOT NULL,
	"lock_date" timestamp with time zone NOT NULL,
	"server_date" timestamp with time zone DEFAULT now() NOT NULL,
	"battery" integer,
	"person" text DEFAULT '' NOT NULL,
	"credential_kind" text,
	"credential_id" integer,
	"city_id" integer
) PARTITION BY RANGE ("lock_date");--> statement-breakpoint
-- ... lock times no month's partition takes (a lock's clock far off) go to the default partition ...
CREATE TABLE "lock_records_default" PARTITION OF "lock_records" DEFAULT;--> statement-breakpoint
-- ... a month's partition is made by one function, here and by the server's maintenance job
-- (apps/server/src/domains/lockRecord/recordPartitions.ts): unless it exists, a table like the
-- partitioned one takes the month's records out of the default partition and is attached (which
-- locks the table less than CREATE TABLE ... PARTITION OF would); true when it made one.
CREATE FUNCTION "lock_records_add_month"("month" date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	partition_name text := 'lock_records_' || to_char("month", 'YYYY_MM');
	low timestamptz := "month"::timestamp AT TIME ZONE 'UTC';
	high timestamptz := ("month" + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
	IF extract(day FROM "month") <> 1 THEN
		RAISE EXCEPTION 'lock_records_add_month: % is not the first day of a month', "month";
	END IF;
	IF to_regclass(partition_name) IS NOT NULL THEN
		RETURN false;
	END IF;
	LOCK TABLE "lock_records_default" IN ACCESS EXCLUSIVE MODE;
	EXECUTE format('CREATE TABLE %I (LIKE "lock_records")', partition_name);
	EXECUTE format(
		'WITH moved AS (DELETE FROM "lock_records_default" WHERE lock_date >= %L AND lock_date < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
		low, high, partition_name);
	EXECUTE format('ALTER TABLE "lock_records" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', partition_name, low, high);
	RETURN true;
END
$$;--> statement-breakpoint
-- ... with a partition for every month from the one the first stored record arrived in to three
-- months ahead (earlier lock times go to the default partition) ...
DO $$
DECLARE
	current_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
	m date := least(
		current_month,
		coalesce((SELECT date_trunc('month', min(server_date) AT TIME ZONE 'UTC')::date FROM "lock_records_unpartitioned"), current_month));
BEGIN
	WHILE m <= current_month + interval '3 months' LOOP
		PERFORM "lock_records_add_month"(m);
		m := (m + interval '1 month')::date;
	END LOOP;
END
$$;--> statement-breakpoint
-- ... the records copied over, then the old table dropped ...
INSERT INTO "lock_records" ("id", "lock_id", "device_record_id", "record_type", "success", "username", "credential", "lock_date", "server_date", "battery", "person", "credential_kind", "credential_id", "city_id")
	SELECT "id", "lock_id", "device_record_id", "record_type", "success", "username", "credential", "lock_date", "server_date", "battery", "person", "credential_kind", "credential_id", "city_id"
	FROM "lock_records_unpartitioned";--> statement-breakpoint
DROP TABLE "lock_records_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "lock_records_id_seq" OWNED BY "lock_records"."id";--> statement-breakpoint
-- ... and the constraints and indexes built once over the copied records, on every partition. A
-- unique key of a partitioned table must hold the partition key: a record sent again carries the
-- lock time it was first sent with, so a record is still stored once.
ALTER TABLE "lock_records" ADD CONSTRAINT "lock_records_pkey" PRIMARY KEY("id","lock_date");--> statement-breakpoint
ALTER TABLE "lock_records" ADD CONSTRAINT "lock_records_device_unique" UNIQUE("lock_id","device_record_id","lock_date");--> statement-breakpoint
ALTER TABLE "lock_records" ADD CONSTRAINT "lock_records_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_records_lock_date_idx" ON "lock_records" USING btree ("lock_id","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_lock_type_idx" ON "lock_records" USING btree ("lock_id","record_type","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_lock_credential_idx" ON "lock_records" USING btree ("lock_id","credential_kind","credential_id","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_lock_number_idx" ON "lock_records" USING btree ("lock_id","credential","lock_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lock_records_search_idx" ON "lock_records" USING gin ("lock_id",("person" || chr(10) || "username" || chr(10) || "credential") gin_trgm_ops);--> statement-breakpoint
ANALYZE "lock_records";
