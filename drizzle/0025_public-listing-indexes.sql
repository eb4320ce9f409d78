DROP INDEX "listings_approved_featured_idx";--> statement-breakpoint
DROP INDEX "listings_approved_all_featured_idx";--> statement-breakpoint
CREATE INDEX "listings_approved_featured_idx" ON "listings" USING btree ("category","featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_approved_all_featured_idx" ON "listings" USING btree ("featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "listings"."status" = 'approved';