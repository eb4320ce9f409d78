ALTER TABLE "user" ADD COLUMN "verified_phone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "identity_verified_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "business_verified_until" timestamp with time zone;