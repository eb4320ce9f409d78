CREATE TABLE "listing_uploads" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_uploads_size_check" CHECK ("listing_uploads"."width" > 0 AND "listing_uploads"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_uploads" ADD CONSTRAINT "listing_uploads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_uploads_user_id_idx" ON "listing_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_uploads_created_at_idx" ON "listing_uploads" USING btree ("created_at");