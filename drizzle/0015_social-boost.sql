CREATE TABLE "listing_boost_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_boost_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"boost_id" integer NOT NULL,
	"network" text NOT NULL,
	"url" text NOT NULL,
	"posted_by" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_boost_posts_network_check" CHECK ("listing_boost_posts"."network" IN ('facebook', 'x', 'instagram', 'whatsapp', 'linkedin', 'tiktok')),
	CONSTRAINT "listing_boost_posts_url_check" CHECK ("listing_boost_posts"."url" LIKE 'https://%')
);
--> statement-breakpoint
CREATE TABLE "listing_boosts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_boosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"subscription_id" integer,
	"image_key" text NOT NULL,
	"texts" jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "listing_boosts_image_key_unique" UNIQUE("image_key")
);
--> statement-breakpoint
ALTER TABLE "listing_boost_posts" ADD CONSTRAINT "listing_boost_posts_boost_id_listing_boosts_id_fk" FOREIGN KEY ("boost_id") REFERENCES "public"."listing_boosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boost_posts" ADD CONSTRAINT "listing_boost_posts_posted_by_user_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_boost_posts_boost_idx" ON "listing_boost_posts" USING btree ("boost_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_boosts_one_pending" ON "listing_boosts" USING btree ("listing_id") WHERE "listing_boosts"."posted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "listing_boosts_requested_by_idx" ON "listing_boosts" USING btree ("requested_by","requested_at");