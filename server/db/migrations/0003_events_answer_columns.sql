-- What the events answer in columns reads, stored once per event instead of computed on every build
-- (see server/routes/analytics/events.ts columnsBody), and a version per product kept by the database so the
-- route's ETag is one read by key instead of a count of the product's events.
--
-- 1. The time in ms (truncated, as the list's text) and the flags (consultation 1 | iframe 2 | AR 4 |
--    conversion 8), computed by PostgreSQL from the event's own columns.
ALTER TABLE "product_events" ADD COLUMN "ts_ms" bigint GENERATED ALWAYS AS (floor(extract(epoch from ("ts" at time zone 'UTC')) * 1000)::bigint) STORED;--> statement-breakpoint
ALTER TABLE "product_events" ADD COLUMN "flags" smallint GENERATED ALWAYS AS (("consultation"::int + 2 * "iframe_interaction"::int + 4 * "ar_try"::int + 8 * "conversion"::int)::smallint) STORED;--> statement-breakpoint
-- 2. Company-wide country numbers, as for sessions (0002): 0, 1, 2... in order of first appearance, never
--    renumbered. A missing country is numbered as '' (the dashboard reads both as unknown).
CREATE TABLE "analytics_countries" (
	"entreprise_id" integer NOT NULL,
	"country" text NOT NULL,
	"country_no" integer NOT NULL,
	CONSTRAINT "analytics_countries_entreprise_id_country_pk" PRIMARY KEY("entreprise_id","country")
);
--> statement-breakpoint
ALTER TABLE "analytics_countries" ADD CONSTRAINT "analytics_countries_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_countries_no_unique" ON "analytics_countries" USING btree ("entreprise_id","country_no");--> statement-breakpoint
ALTER TABLE "product_events" ADD COLUMN "country_no" integer;--> statement-breakpoint
INSERT INTO "analytics_countries" ("entreprise_id", "country", "country_no")
SELECT g."entreprise_id", coalesce(e."country", ''), (row_number() OVER (PARTITION BY g."entreprise_id" ORDER BY min(e."id")) - 1)::int
FROM "product_events" e JOIN "groupe_models" g ON g."id_groupe_model" = e."produit_id"
GROUP BY g."entreprise_id", coalesce(e."country", '');--> statement-breakpoint
UPDATE "product_events" e SET "country_no" = c."country_no"
FROM "groupe_models" g, "analytics_countries" c
WHERE g."id_groupe_model" = e."produit_id" AND c."entreprise_id" = g."entreprise_id" AND c."country" = coalesce(e."country", '');--> statement-breakpoint
ALTER TABLE "product_events" ALTER COLUMN "country_no" SET NOT NULL;--> statement-breakpoint
-- The trigger of 0002 now numbers the country too (one function: both numbers are per company, under the
-- same advisory lock).
DROP TRIGGER "product_events_number_session" ON "product_events";--> statement-breakpoint
DROP TRIGGER "product_events_renumber_session" ON "product_events";--> statement-breakpoint
DROP FUNCTION "number_event_session"();--> statement-breakpoint
CREATE FUNCTION "number_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	company integer;
	label text := coalesce(nullif(NEW."user_session_id", ''), 'unknown');
	place text := coalesce(NEW."country", '');
BEGIN
	SELECT "entreprise_id" INTO company FROM "groupe_models" WHERE "id_groupe_model" = NEW."produit_id";
	IF company IS NULL THEN
		RETURN NEW; -- the foreign key refuses the row
	END IF;
	SELECT "session_no" INTO NEW."session_no" FROM "analytics_sessions"
	WHERE "entreprise_id" = company AND "user_session_id" = label;
	IF NOT FOUND THEN
		PERFORM pg_advisory_xact_lock(1936024941, company);
		INSERT INTO "analytics_sessions" ("entreprise_id", "user_session_id", "session_no")
		SELECT company, label, coalesce(max("session_no") + 1, 0) FROM "analytics_sessions" WHERE "entreprise_id" = company
		ON CONFLICT DO NOTHING;
		SELECT "session_no" INTO NEW."session_no" FROM "analytics_sessions"
		WHERE "entreprise_id" = company AND "user_session_id" = label;
	END IF;
	SELECT "country_no" INTO NEW."country_no" FROM "analytics_countries"
	WHERE "entreprise_id" = company AND "country" = place;
	IF NOT FOUND THEN
		PERFORM pg_advisory_xact_lock(1936024941, company);
		INSERT INTO "analytics_countries" ("entreprise_id", "country", "country_no")
		SELECT company, place, coalesce(max("country_no") + 1, 0) FROM "analytics_countries" WHERE "entreprise_id" = company
		ON CONFLICT DO NOTHING;
		SELECT "country_no" INTO NEW."country_no" FROM "analytics_countries"
		WHERE "entreprise_id" = company AND "country" = place;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_events_number" BEFORE INSERT ON "product_events"
FOR EACH ROW WHEN (NEW."session_no" IS NULL OR NEW."country_no" IS NULL) EXECUTE FUNCTION "number_event"();--> statement-breakpoint
CREATE TRIGGER "product_events_renumber" BEFORE UPDATE OF "produit_id", "user_session_id", "country" ON "product_events"
FOR EACH ROW EXECUTE FUNCTION "number_event"();--> statement-breakpoint
-- 3. The version of each product's events: a new value from one sequence whenever a statement adds, changes
--    or removes any of them. The sequence starts at a random point, so a rebuilt database does not hand out
--    the versions (and so the ETags) of the one before it.
CREATE SEQUENCE "product_event_version_seq";--> statement-breakpoint
SELECT setval('product_event_version_seq', 1 + floor(random() * 1e12)::bigint);--> statement-breakpoint
CREATE TABLE "product_event_versions" (
	"produit_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_event_versions" ADD CONSTRAINT "product_event_versions_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_event_versions" ("produit_id", "version")
SELECT p, nextval('product_event_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM "product_events") d;--> statement-breakpoint
-- Once per statement, for the products it touched. A product deleted in the same statement (its events
-- going with it by cascade) gets no version.
CREATE FUNCTION "bump_product_event_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "product_event_versions" SET "version" = nextval('product_event_version_seq');
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "product_event_versions" ("produit_id", "version")
		SELECT p, nextval('product_event_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM new_events) d
		WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = p)
		ON CONFLICT ("produit_id") DO UPDATE SET "version" = excluded."version";
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "product_event_versions" ("produit_id", "version")
		SELECT p, nextval('product_event_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM old_events) d
		WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = p)
		ON CONFLICT ("produit_id") DO UPDATE SET "version" = excluded."version";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_events_version_insert" AFTER INSERT ON "product_events"
REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_update" AFTER UPDATE ON "product_events"
REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_delete" AFTER DELETE ON "product_events"
REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
CREATE TRIGGER "product_events_version_truncate" AFTER TRUNCATE ON "product_events"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_event_versions"();--> statement-breakpoint
-- 4. Indexes: the answer in columns reads the index alone, in the list's order; the (produit, id) index of
--    0001, which the count-based version read, is no longer needed.
DROP INDEX "product_events_produit_id_idx";--> statement-breakpoint
DROP INDEX "product_events_produit_ts_idx";--> statement-breakpoint
CREATE INDEX "product_events_produit_ts_idx" ON "product_events" USING btree ("produit_id","ts","id")
INCLUDE ("ts_ms", "session_no", "flags", "country_no");
