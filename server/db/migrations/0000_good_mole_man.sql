CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom_categorie" text NOT NULL,
	"id_categorie_mere" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couleurs" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"id_groupe_model" integer,
	"nuancier" text,
	"nom_couleur" text NOT NULL,
	"description" text,
	"valeur" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"mail" text NOT NULL,
	"mobile" text NOT NULL,
	"adress" text,
	"city" text,
	"postal_code" text,
	"commentaire" text,
	"compagny" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entreprises" (
	"entreprise_id" serial PRIMARY KEY NOT NULL,
	"nom_entreprise" text NOT NULL,
	"adresse" text,
	"telephone" text,
	"siret" text,
	"date_valid_catalogue" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entreprises_siret_unique" UNIQUE("siret")
);
--> statement-breakpoint
CREATE TABLE "groupe_models" (
	"id_groupe_model" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom_groupe_model" text NOT NULL,
	"id_categorie" integer,
	"ref_primaire" text,
	"ref_secondaire" text,
	"specification" text,
	"placement" text,
	"prix_catalogue" numeric(12, 2),
	"chemin_image_groupe" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icone" text,
	"chemin_3d" text,
	"chemin_pdf" text,
	"fiche_cote" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"licence_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type_licence_id" integer NOT NULL,
	"licence_key" text NOT NULL,
	"date_activation" timestamp with time zone,
	"date_expiration" timestamp with time zone,
	"mac_adress" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_groupe_model" integer NOT NULL,
	"nom" text NOT NULL,
	"icone" text,
	"model3d" text,
	"specification" text,
	"prix_catalogue" numeric(12, 2),
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_groupe_model" integer NOT NULL,
	"id_model" integer,
	"type_option" text NOT NULL,
	"nom_groupe" text NOT NULL,
	"nom" text,
	"chemin_icone_groupe" text,
	"chemin_icone" text,
	"chemin_3d" text,
	"color_tag" text,
	"toggle" jsonb,
	"liste" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"produit_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"user_session_id" text NOT NULL,
	"consultation" boolean DEFAULT false NOT NULL,
	"iframe_interaction" boolean DEFAULT false NOT NULL,
	"ar_try" boolean DEFAULT false NOT NULL,
	"conversion" boolean DEFAULT false NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "propositions" (
	"proposition_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"description" text,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"status_name" text,
	"chemin_video" text,
	"chemin_pdf" text
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"nom_role" text NOT NULL,
	CONSTRAINT "roles_nom_role_unique" UNIQUE("nom_role")
);
--> statement-breakpoint
CREATE TABLE "sous_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_groupe_model" integer NOT NULL,
	"id_model" integer,
	"sous_nom" text NOT NULL,
	"sous_icone" text,
	"tailles" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type_licences" (
	"type_licence_id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "type_licences_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "user_journey_steps" (
	"step_order" smallint PRIMARY KEY NOT NULL,
	"step_name" text NOT NULL,
	"event_flag" text NOT NULL,
	CONSTRAINT "user_journey_steps_step_name_unique" UNIQUE("step_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"mail" text NOT NULL,
	"mobile" text,
	"fonction" text,
	"manager_id" integer,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposition_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_access_tokens_proposition_id_unique" UNIQUE("proposition_id"),
	CONSTRAINT "video_access_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_id_categorie_mere_categories_id_fk" FOREIGN KEY ("id_categorie_mere") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couleurs" ADD CONSTRAINT "couleurs_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couleurs" ADD CONSTRAINT "couleurs_id_groupe_model_groupe_models_id_groupe_model_fk" FOREIGN KEY ("id_groupe_model") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD CONSTRAINT "groupe_models_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groupe_models" ADD CONSTRAINT "groupe_models_id_categorie_categories_id_fk" FOREIGN KEY ("id_categorie") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_type_licence_id_type_licences_type_licence_id_fk" FOREIGN KEY ("type_licence_id") REFERENCES "public"."type_licences"("type_licence_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_id_groupe_model_groupe_models_id_groupe_model_fk" FOREIGN KEY ("id_groupe_model") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_id_groupe_model_groupe_models_id_groupe_model_fk" FOREIGN KEY ("id_groupe_model") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_id_model_models_id_fk" FOREIGN KEY ("id_model") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propositions" ADD CONSTRAINT "propositions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sous_options" ADD CONSTRAINT "sous_options_id_groupe_model_groupe_models_id_groupe_model_fk" FOREIGN KEY ("id_groupe_model") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sous_options" ADD CONSTRAINT "sous_options_id_model_models_id_fk" FOREIGN KEY ("id_model") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_entreprise_id_entreprises_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprises"("entreprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_id_users_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_access_tokens" ADD CONSTRAINT "video_access_tokens_proposition_id_propositions_proposition_id_fk" FOREIGN KEY ("proposition_id") REFERENCES "public"."propositions"("proposition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_entreprise_idx" ON "categories" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("id_categorie_mere");--> statement-breakpoint
CREATE INDEX "couleurs_entreprise_idx" ON "couleurs" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "customers_user_idx" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_entreprise_idx" ON "customers" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "groupe_models_entreprise_idx" ON "groupe_models" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "licences_user_idx" ON "licences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "models_groupe_idx" ON "models" USING btree ("id_groupe_model");--> statement-breakpoint
CREATE INDEX "options_groupe_idx" ON "options" USING btree ("id_groupe_model");--> statement-breakpoint
CREATE INDEX "product_events_produit_ts_idx" ON "product_events" USING btree ("produit_id","ts");--> statement-breakpoint
CREATE INDEX "propositions_customer_idx" ON "propositions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sous_options_groupe_idx" ON "sous_options" USING btree ("id_groupe_model");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_unique" ON "users" USING btree ("mail");--> statement-breakpoint
CREATE INDEX "users_entreprise_idx" ON "users" USING btree ("entreprise_id");