CREATE TABLE "annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"id_groupe_model" integer,
	"jour" date NOT NULL,
	"texte" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_id_groupe_model_groupe_models_id_groupe_model_fk" FOREIGN KEY ("id_groupe_model") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotations_entreprise_jour_idx" ON "annotations" USING btree ("entreprise_id","jour");