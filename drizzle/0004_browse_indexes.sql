-- The browse reads every page in the order of one of these (app/services/listings/browse.server.ts,
-- browseOrder), over approved listings only; the city trigrams serve the location filter,
-- the bedrooms index the "N+ Beds" filter.
CREATE INDEX "listings_approved_featured_idx" ON "listings" USING btree ("category","featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_all_featured_idx" ON "listings" USING btree ("featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_price_low_idx" ON "listings" USING btree ("category","price_usd_cents","id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_all_price_low_idx" ON "listings" USING btree ("price_usd_cents","id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_price_high_idx" ON "listings" USING btree ("category","price_usd_cents" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_all_price_high_idx" ON "listings" USING btree ("price_usd_cents" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_bedrooms_idx" ON "listings" USING btree ("category","bedrooms") WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_rating_idx" ON "listings" USING btree ("category","rating" DESC NULLS LAST,"rating_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_city_trgm_idx" ON "listings" USING gin ("city" gin_trgm_ops);