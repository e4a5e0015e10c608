CREATE TABLE "alert_reads" (
	"user_id" integer NOT NULL,
	"produit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_user_id_produit_id_kind_day_pk" PRIMARY KEY("user_id","produit_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_produit_id_groupe_models_id_groupe_model_fk" FOREIGN KEY ("produit_id") REFERENCES "public"."groupe_models"("id_groupe_model") ON DELETE cascade ON UPDATE no action;