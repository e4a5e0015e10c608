-- Each product's events answer as our dashboard's worker asks for it (binary columns, gzip), kept for the
-- version of its events it was built from: built when its events are written or at its first read, then
-- sent by any server of this database without building it again (server/routes/analytics/storedAnswers.ts).
CREATE TABLE "product_event_answers" (
	"produit_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"body" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_event_answers" ADD CONSTRAINT "product_event_answers_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Already compressed: stored out of line as it is, not compressed again by the database.
ALTER TABLE "product_event_answers" ALTER COLUMN "body" SET STORAGE EXTERNAL;
