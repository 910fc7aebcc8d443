CREATE TABLE "face_identifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"lock_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_identifications" ADD CONSTRAINT "face_identifications_key_id_ekeys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ekeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_identifications" ADD CONSTRAINT "face_identifications_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_identifications" ADD CONSTRAINT "face_identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_identifications" ADD CONSTRAINT "face_identifications_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_identifications_key_idx" ON "face_identifications" USING btree ("key_id","created_at" DESC NULLS LAST);