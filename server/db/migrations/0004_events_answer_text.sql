-- The answer in columns kept by the database, per product, as the text of its four arrays, in chunks: each
-- statement adding events appends to the product's last chunk while that stays under 1,000 events, or
-- starts a new chunk (an append rewrites at most that much text); events changed or removed rebuild the
-- product's chunks. The events route then reads a few rows by key instead of aggregating the product's
-- events on each first call (server/routes/analytics/events.ts columnsBody). Numbers come in the order the
-- events were written (by time within a statement): the dashboard's counts do not depend on the order.
CREATE TABLE "product_event_columns" (
	"chunk_id" bigserial PRIMARY KEY NOT NULL,
	"produit_id" integer NOT NULL,
	"events" integer NOT NULL,
	"time" text NOT NULL,
	"session" text NOT NULL,
	"flags" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_event_columns" ADD CONSTRAINT "product_event_columns_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_event_columns_produit_idx" ON "product_event_columns" USING btree ("produit_id","chunk_id");--> statement-breakpoint
-- Read whole and rewritten on append: stored out of line, not compressed.
ALTER TABLE "product_event_columns" ALTER COLUMN "time" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "product_event_columns" ALTER COLUMN "session" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "product_event_columns" ALTER COLUMN "flags" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "product_event_columns" ALTER COLUMN "country" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The products' chunks rebuilt from their events as they now are: one chunk each (none without events).
CREATE FUNCTION "rebuild_product_event_columns"(products integer[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "product_event_columns" WHERE "produit_id" = ANY(products);
	INSERT INTO "product_event_columns" ("produit_id", "events", "time", "session", "flags", "country")
	SELECT "produit_id", count(*)::int, string_agg("ts_ms"::text, ',' ORDER BY "ts", "id"), string_agg("session_no"::text, ',' ORDER BY "ts", "id"),
		string_agg("flags"::text, ',' ORDER BY "ts", "id"), string_agg("country_no"::text, ',' ORDER BY "ts", "id")
	FROM "product_events" WHERE "produit_id" = ANY(products) GROUP BY "produit_id";
$$;--> statement-breakpoint
SELECT "rebuild_product_event_columns"(ARRAY(SELECT DISTINCT "produit_id" FROM "product_events"));--> statement-breakpoint
-- The products' versions renewed (those still there: a product deleted with its events gets none).
CREATE FUNCTION "renew_product_event_versions"(products integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "product_event_versions" ("produit_id", "version")
	SELECT p, nextval('product_event_version_seq') FROM unnest(products) AS d(p)
	WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = p)
	ON CONFLICT ("produit_id") DO UPDATE SET "version" = excluded."version";
$$;--> statement-breakpoint
-- The statement trigger of 0003 now keeps the answers too: a statement renews a product's version and its
-- answer together.
CREATE OR REPLACE FUNCTION "bump_product_event_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	products integer[];
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "product_event_versions" SET "version" = nextval('product_event_version_seq');
		DELETE FROM "product_event_columns";
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "renew_product_event_versions"(ARRAY(SELECT DISTINCT "produit_id" FROM new_events));
		-- New events: appended to the product's last chunk when it stays under 1,000 events, else a new
		-- chunk. A concurrent writer's append waits for the chunk's row, then appends to what the other
		-- committed (the chunk may then pass the limit a little).
		WITH added AS (
			SELECT n."produit_id" AS p, count(*)::int AS k,
				string_agg(n."ts_ms"::text, ',' ORDER BY n."ts", n."id") AS "time", string_agg(n."session_no"::text, ',' ORDER BY n."ts", n."id") AS "session",
				string_agg(n."flags"::text, ',' ORDER BY n."ts", n."id") AS "flags", string_agg(n."country_no"::text, ',' ORDER BY n."ts", n."id") AS "country"
			FROM new_events n WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = n."produit_id")
			GROUP BY n."produit_id"
		), last AS (
			SELECT DISTINCT ON (c."produit_id") c."chunk_id", c."produit_id", c."events"
			FROM "product_event_columns" c WHERE c."produit_id" IN (SELECT p FROM added)
			ORDER BY c."produit_id", c."chunk_id" DESC
		), appended AS (
			UPDATE "product_event_columns" c SET
				"events" = c."events" + a.k,
				"time" = c."time" || ',' || a."time", "session" = c."session" || ',' || a."session",
				"flags" = c."flags" || ',' || a."flags", "country" = c."country" || ',' || a."country"
			FROM added a JOIN last l ON l."produit_id" = a.p
			WHERE c."chunk_id" = l."chunk_id" AND l."events" + a.k <= 1000
			RETURNING c."produit_id"
		)
		INSERT INTO "product_event_columns" ("produit_id", "events", "time", "session", "flags", "country")
		SELECT a.p, a.k, a."time", a."session", a."flags", a."country" FROM added a
		WHERE a.p NOT IN (SELECT "produit_id" FROM appended);
	ELSE
		IF TG_OP = 'UPDATE' THEN
			products := ARRAY(SELECT "produit_id" FROM old_events UNION SELECT "produit_id" FROM new_events);
		ELSE
			products := ARRAY(SELECT DISTINCT "produit_id" FROM old_events);
		END IF;
		PERFORM "renew_product_event_versions"(products);
		PERFORM "rebuild_product_event_columns"(products);
	END IF;
	RETURN NULL;
END $$;
