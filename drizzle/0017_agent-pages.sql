CREATE TABLE "public_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"website_handle" text,
	"cover_key" text,
	"about" text,
	"featured_listing_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"logo_key" text,
	"brand_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_profiles_handle_check" CHECK ("public_profiles"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "public_profiles_website_handle_check" CHECK ("public_profiles"."website_handle" IS NULL OR "public_profiles"."website_handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "public_profiles_brand_color_check" CHECK ("public_profiles"."brand_color" IS NULL OR "public_profiles"."brand_color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "public_profiles" ADD CONSTRAINT "public_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_profiles_handle_idx" ON "public_profiles" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "public_profiles_website_handle_idx" ON "public_profiles" USING btree ("website_handle");