-- The events partitioned by month of their time (UTC), so the retention (server/analytics/retention.ts,
-- docs/privacy.md) drops a whole month at once instead of deleting its rows one by one. Every row keeps its
-- id (the same sequence goes on numbering), and the columns, generated columns, triggers and index of
-- 0002-0004 are made again on the partitioned table; the answers they keep (product_event_columns,
-- product_event_versions, product_event_answers) stay as they are: the events are the same.
--
-- 1. The table as it was, renamed; its id sequence kept for the new one.
ALTER TABLE "product_events" RENAME TO "product_events_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "product_events_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "product_events_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
-- 2. The partitioned table: the same columns, in the same order. A partition's key must be part of the
--    primary key, hence (id, ts): ids still come from one sequence.
CREATE TABLE "product_events" (
	"id" bigint DEFAULT nextval('product_events_id_seq') NOT NULL,
	"produit_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"user_session_id" text NOT NULL,
	"consultation" boolean DEFAULT false NOT NULL,
	"iframe_interaction" boolean DEFAULT false NOT NULL,
	"ar_try" boolean DEFAULT false NOT NULL,
	"conversion" boolean DEFAULT false NOT NULL,
	"country" text,
	"session_no" integer NOT NULL,
	"ts_ms" bigint GENERATED ALWAYS AS (floor(extract(epoch from ("ts" at time zone 'UTC')) * 1000)::bigint) STORED,
	"flags" smallint GENERATED ALWAYS AS (("consultation"::int + 2 * "iframe_interaction"::int + 4 * "ar_try"::int + 8 * "conversion"::int)::smallint) STORED,
	"country_no" integer NOT NULL
) PARTITION BY RANGE ("ts");--> statement-breakpoint
ALTER SEQUENCE "product_events_id_seq" OWNED BY "product_events"."id";--> statement-breakpoint
-- The safety net: an event of a month without its partition lands here, so an insert never fails. The
-- months ahead are made in advance (server/analytics/retention.ts), so it stays empty in practice.
CREATE TABLE "product_events_default" PARTITION OF "product_events" DEFAULT;--> statement-breakpoint
-- 3. One month's partition, product_events_yYYYYmMM, for [first of the month, first of the next) in UTC;
--    nothing when it exists. Events of that month the default partition holds are moved into it first
--    (creating the partition would fail otherwise), straight from partition to partition: the parent's
--    statement triggers see no change, and there is none (the events stay the same).
CREATE FUNCTION "create_product_event_partition"(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	first date := date_trunc('month', month)::date;
	name text := 'product_events_y' || to_char(first, 'YYYY') || 'm' || to_char(first, 'MM');
	lo timestamptz := first::timestamp AT TIME ZONE 'UTC';
	hi timestamptz := (first + interval '1 month')::timestamp AT TIME ZONE 'UTC';
	cols text := '"id", "produit_id", "ts", "user_session_id", "consultation", "iframe_interaction", "ar_try", "conversion", "country", "session_no", "country_no"';
	strays boolean;
BEGIN
	IF to_regclass(format('public.%I', name)) IS NOT NULL THEN
		RETURN false;
	END IF;
	SELECT EXISTS (SELECT 1 FROM "product_events_default" WHERE "ts" >= lo AND "ts" < hi) INTO strays;
	IF strays THEN
		EXECUTE format('CREATE TEMP TABLE "product_events_moving" AS SELECT %s FROM "product_events_default" WHERE "ts" >= %L AND "ts" < %L', cols, lo, hi);
		DELETE FROM "product_events_default" WHERE "ts" >= lo AND "ts" < hi;
	END IF;
	EXECUTE format('CREATE TABLE %I PARTITION OF "product_events" FOR VALUES FROM (%L) TO (%L)', name, lo, hi);
	IF strays THEN
		EXECUTE format('INSERT INTO %I (%s) SELECT %s FROM "product_events_moving"', name, cols, cols);
		DROP TABLE "product_events_moving";
	END IF;
	RETURN true;
END $$;--> statement-breakpoint
-- The months from `first` to `last` (both included); answers how many partitions it made.
CREATE FUNCTION "create_product_event_partitions"(first date, last date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	month date := date_trunc('month', first)::date;
	made integer := 0;
BEGIN
	WHILE month <= last LOOP
		IF "create_product_event_partition"(month) THEN
			made := made + 1;
		END IF;
		month := (month + interval '1 month')::date;
	END LOOP;
	RETURN made;
END $$;--> statement-breakpoint
-- 4. The months of the events there are, then the events, ids and numbers as they were (no trigger yet:
--    nothing to number, nothing to renew).
SELECT "create_product_event_partitions"(min("ts" AT TIME ZONE 'UTC')::date, max("ts" AT TIME ZONE 'UTC')::date)
FROM "product_events_unpartitioned" HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "product_events" ("id", "produit_id", "ts", "user_session_id", "consultation", "iframe_interaction", "ar_try", "conversion", "country", "session_no", "country_no")
SELECT "id", "produit_id", "ts", "user_session_id", "consultation", "iframe_interaction", "ar_try", "conversion", "country", "session_no", "country_no"
FROM "product_events_unpartitioned" ORDER BY "id";--> statement-breakpoint
-- The old table goes with its triggers, key, foreign key and index.
DROP TABLE "product_events_unpartitioned";--> statement-breakpoint
-- 5. Key, foreign key, the covering index of 0003 (one per partition, made by PostgreSQL), the triggers of
--    0003-0004 (their functions are unchanged).
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_id_ts_pk" PRIMARY KEY("id","ts");--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_events_produit_ts_idx" ON "product_events" USING btree ("produit_id","ts","id")
INCLUDE ("ts_ms", "session_no", "flags", "country_no");--> statement-breakpoint
CREATE TRIGGER "product_events_number" BEFORE INSERT ON "product_events"
FOR EACH ROW WHEN (NEW."session_no" IS NULL OR NEW."country_no" IS NULL) EXECUTE FUNCTION "number_event"();--> statement-breakpoint
CREATE TRIGGER "product_events_renumber" BEFORE UPDATE OF "produit_id", "user_session_id", "country" ON "product_events"
FOR EACH ROW EXECUTE FUNCTION "number_event"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_insert" AFTER INSERT ON "product_events"
REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_update" AFTER UPDATE ON "product_events"
REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_delete" AFTER DELETE ON "product_events"
REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_truncate" AFTER TRUNCATE ON "product_events"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();
