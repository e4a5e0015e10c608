-- Company-wide session numbers (schema.ts analyticsSessions): the table, the events' column filled for the
-- events already there, then a trigger numbering every new event, whoever writes it.
CREATE TABLE "analytics_sessions" (
	"entreprise_id" integer NOT NULL,
	"user_session_id" text NOT NULL,
	"session_no" integer NOT NULL,
	CONSTRAINT "analytics_sessions_entreprise_id_user_session_id_pk" PRIMARY KEY("entreprise_id","user_session_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_sessions_no_unique" ON "analytics_sessions" USING btree ("entreprise_id","session_no");--> statement-breakpoint
ALTER TABLE "product_events" ADD COLUMN "session_no" integer;--> statement-breakpoint
-- Existing events: numbered per company in order of first appearance. An empty id is the session
-- 'unknown', as the dashboard reads it (src/domain/analytics/fields.ts eventSession).
INSERT INTO "analytics_sessions" ("entreprise_id", "user_session_id", "session_no")
SELECT g."entreprise_id", coalesce(nullif(e."user_session_id", ''), 'unknown'), (row_number() OVER (PARTITION BY g."entreprise_id" ORDER BY min(e."id")) - 1)::int
FROM "product_events" e JOIN "groupe_models" g ON g."id_groupe_model" = e."produit_id"
GROUP BY g."entreprise_id", coalesce(nullif(e."user_session_id", ''), 'unknown');--> statement-breakpoint
UPDATE "product_events" e SET "session_no" = s."session_no"
FROM "groupe_models" g, "analytics_sessions" s
WHERE g."id_groupe_model" = e."produit_id" AND s."entreprise_id" = g."entreprise_id"
AND s."user_session_id" = coalesce(nullif(e."user_session_id", ''), 'unknown');--> statement-breakpoint
ALTER TABLE "product_events" ALTER COLUMN "session_no" SET NOT NULL;--> statement-breakpoint
-- The number of the event's session in its product's company, created (next number) when new; an empty
-- id is 'unknown'. The advisory lock makes concurrent writers of one company take numbers one after the
-- other on a PostgreSQL server.
CREATE FUNCTION "number_event_session"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	company integer;
	label text := coalesce(nullif(NEW."user_session_id", ''), 'unknown');
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
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_events_number_session" BEFORE INSERT ON "product_events"
FOR EACH ROW WHEN (NEW."session_no" IS NULL) EXECUTE FUNCTION "number_event_session"();--> statement-breakpoint
CREATE TRIGGER "product_events_renumber_session" BEFORE UPDATE OF "produit_id", "user_session_id" ON "product_events"
FOR EACH ROW EXECUTE FUNCTION "number_event_session"();--> statement-breakpoint
-- Covering: the events answer (time order, then id) reads the index alone, no event row.
DROP INDEX "product_events_produit_ts_idx";--> statement-breakpoint
CREATE INDEX "product_events_produit_ts_idx" ON "product_events" USING btree ("produit_id","ts","id")
INCLUDE ("session_no", "consultation", "iframe_interaction", "ar_try", "conversion", "country");
