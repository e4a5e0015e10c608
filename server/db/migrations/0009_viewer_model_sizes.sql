-- The viewer's light model (docs/uploads.md, "Light models"): the uploaded 3D file's size, the size of what
-- the viewer serves, and its SHA-256, the content address of its immutable URL. Rows stored before keep
-- nulls: the catalogue shows no sizes and their model keeps the uncached URL.
ALTER TABLE "groupe_models" ADD COLUMN "model_bytes" integer;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD COLUMN "viewer_model_bytes" integer;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD COLUMN "viewer_model_hash" text;