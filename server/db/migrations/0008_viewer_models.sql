-- The viewer's model (docs/viewer.md): the 3D file's format read at upload, the GLB converted from an STL
-- at upload, and why a stored STL could not be converted. Rows stored before get their format from the
-- start-up backfill and their GLB from the background conversion (server/files/modelBackfill.ts).
ALTER TABLE "groupe_models" ADD COLUMN "model_format" text;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD COLUMN "viewer_model" text;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD COLUMN "model_error" text;