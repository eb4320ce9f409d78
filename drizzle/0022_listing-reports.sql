ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "report_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "report_hide_threshold" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_listing_idx" ON "reports" USING btree ("listing_id","status") WHERE "reports"."listing_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_report_threshold_check" CHECK ("platform_settings"."report_hide_threshold" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('listing.approve', 'listing.reject', 'listing.feature', 'listing.premium', 'listing.unflag', 'user.edit', 'user.delete', 'user.suspend', 'user.ban', 'user.unsuspend', 'currency.add', 'currency.edit', 'settings.edit', 'hero.edit', 'plan.edit', 'message.reply', 'review.hide', 'report.resolve', 'listing.reports_dismiss', 'listing.take_down', 'payout.record', 'booking.cancel'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_check" CHECK ("reports"."target" IN ('conversation', 'user', 'review', 'message', 'listing'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" IN ('scam', 'off_platform_payment', 'harassment', 'spam', 'inappropriate', 'other', 'wrong_details', 'duplicate', 'taken', 'offensive'));