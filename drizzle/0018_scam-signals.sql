CREATE TABLE "listing_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" text,
	CONSTRAINT "listing_signals_listing_kind_unique" UNIQUE("listing_id","kind"),
	CONSTRAINT "listing_signals_kind_check" CHECK ("listing_signals"."kind" IN ('low_price', 'duplicate_photos', 'new_account_many', 'new_account_high_value', 'payment_rule')),
	CONSTRAINT "listing_signals_detail_check" CHECK ("listing_signals"."detail" ->> 'kind' = "listing_signals"."kind")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "listing_uploads" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "listing_signals" ADD CONSTRAINT "listing_signals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_signals" ADD CONSTRAINT "listing_signals_dismissed_by_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_images_phash_band0_idx" ON "listing_images" USING btree (substr("phash", 1, 4));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band1_idx" ON "listing_images" USING btree (substr("phash", 5, 4));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band2_idx" ON "listing_images" USING btree (substr("phash", 9, 4));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band3_idx" ON "listing_images" USING btree (substr("phash", 13, 4));--> statement-breakpoint
CREATE INDEX "listings_approved_comparable_price_idx" ON "listings" USING btree ("category","listing_type","price_type","country_code",lower("city"),"property_type","price_usd_cents") WHERE "listings"."status" = 'approved' AND "listings"."price_usd_cents" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_phash_check" CHECK ("listing_images"."phash" ~ '^[0-9a-f]{16}$');--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('listing.approve', 'listing.reject', 'listing.feature', 'listing.premium', 'listing.unflag', 'user.edit', 'user.delete', 'currency.add', 'currency.edit', 'settings.edit', 'hero.edit', 'plan.edit', 'message.reply', 'review.hide', 'report.resolve', 'payout.record', 'booking.cancel'));