-- The version of each product's visits (schema.ts productVisitVersions), as 0003 keeps the events' one: a new
-- value from a sequence whenever a statement adds, changes or removes any visit of the product. The visits
-- answer's ETag is built from these and the events' versions (server/analytics/visitAnswers.ts), read by key.
-- The sequence starts at a random point, so a rebuilt database does not hand out the tags of the one before.
CREATE SEQUENCE "product_visit_version_seq";--> statement-breakpoint
SELECT setval('product_visit_version_seq', 1 + floor(random() * 1e12)::bigint);--> statement-breakpoint
CREATE TABLE "product_visit_versions" (
	"produit_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_visit_versions" ADD CONSTRAINT "product_visit_versions_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_visit_versions" ("produit_id", "version")
SELECT p, nextval('product_visit_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM "product_visits") d;--> statement-breakpoint
-- Once per statement, for the products it touched. A product deleted in the same statement (its visits going
-- with it by cascade) gets no version: it leaves the company's list, which changes the tag anyway.
CREATE FUNCTION "bump_product_visit_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "product_visit_versions" SET "version" = nextval('product_visit_version_seq');
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "product_visit_versions" ("produit_id", "version")
		SELECT p, nextval('product_visit_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM new_visits) d
		WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = p)
		ON CONFLICT ("produit_id") DO UPDATE SET "version" = excluded."version";
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "product_visit_versions" ("produit_id", "version")
		SELECT p, nextval('product_visit_version_seq') FROM (SELECT DISTINCT "produit_id" AS p FROM old_visits) d
		WHERE EXISTS (SELECT 1 FROM "groupe_models" WHERE "id_groupe_model" = p)
		ON CONFLICT ("produit_id") DO UPDATE SET "version" = excluded."version";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_visits_version_insert" AFTER INSERT ON "product_visits"
REFERENCING NEW TABLE AS new_visits FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_visit_versions"();--> statement-breakpoint
CREATE TRIGGER "product_visits_version_update" AFTER UPDATE ON "product_visits"
REFERENCING OLD TABLE AS old_visits NEW TABLE AS new_visits FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_visit_versions"();--> statement-breakpoint
CREATE TRIGGER "product_visits_version_delete" AFTER DELETE ON "product_visits"
REFERENCING OLD TABLE AS old_visits FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_visit_versions"();--> statement-breakpoint
CREATE TRIGGER "product_visits_version_truncate" AFTER TRUNCATE ON "product_visits"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_visit_versions"();
