-- The viewer (docs/viewer.md): the company's quote URL and framing origins, and each product's public key.
-- The key's default is volatile, so adding the column draws a different key for every existing row.
ALTER TABLE "entreprises" ADD COLUMN "quote_url" text;--> statement-breakpoint
ALTER TABLE "entreprises" ADD COLUMN "frame_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD COLUMN "public_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "groupe_models_public_key_unique" ON "groupe_models" USING btree ("public_key");