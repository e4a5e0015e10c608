CREATE TABLE "product_visits" (
	"produit_id" integer NOT NULL,
	"user_session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"device" smallint DEFAULT 0 NOT NULL,
	"system" smallint DEFAULT 0 NOT NULL,
	"source_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"visible_ms" integer DEFAULT 0 NOT NULL,
	"active_ms" integer DEFAULT 0 NOT NULL,
	"first_interaction_ms" integer,
	"attention" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ar_platform" smallint DEFAULT 0 NOT NULL,
	"ar_launches" smallint DEFAULT 0 NOT NULL,
	"ar_placed" smallint DEFAULT 0 NOT NULL,
	"ar_failed" smallint DEFAULT 0 NOT NULL,
	"ar_returned" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_visits_produit_id_user_session_id_pk" PRIMARY KEY("produit_id","user_session_id")
);
--> statement-breakpoint
ALTER TABLE "product_visits" ADD CONSTRAINT "product_visits_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_visits_produit_started_idx" ON "product_visits" USING btree ("produit_id","started_at");