CREATE TABLE "licence_kinds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_kinds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" varchar(2) NOT NULL,
	"profession" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "licence_kinds_country_profession_name_unique" UNIQUE("country_code","profession","name"),
	CONSTRAINT "licence_kinds_profession_check" CHECK ("licence_kinds"."profession" IN ('general', 'estate-agent', 'estate-surveyor', 'architect', 'quantity-surveyor', 'lawyer')),
	CONSTRAINT "licence_kinds_name_check" CHECK (length(trim("licence_kinds"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"slot" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "verification_documents_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "verification_documents_submission_slot_unique" UNIQUE("submission_id","slot"),
	CONSTRAINT "verification_documents_slot_check" CHECK ("verification_documents"."slot" IN ('front', 'back', 'selfie', 'business')),
	CONSTRAINT "verification_documents_file_key_check" CHECK ("verification_documents"."file_key" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
CREATE TABLE "verification_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"step" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_kind" text,
	"declared_name" text,
	"document_number" text NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"document_expires_on" date,
	"licence_kind_id" integer,
	"reason" text,
	"approved_until" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"documents_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_submissions_step_check" CHECK ("verification_submissions"."step" IN ('identity', 'business')),
	CONSTRAINT "verification_submissions_status_check" CHECK ("verification_submissions"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "verification_submissions_kind_check" CHECK (("verification_submissions"."step" = 'identity' AND "verification_submissions"."document_kind" IS NOT NULL AND "verification_submissions"."document_kind" IN ('passport', 'national-id', 'drivers-licence') AND "verification_submissions"."declared_name" IS NOT NULL)
        OR ("verification_submissions"."step" = 'business' AND "verification_submissions"."document_kind" IS NULL AND "verification_submissions"."licence_kind_id" IS NOT NULL)),
	CONSTRAINT "verification_submissions_decision_check" CHECK (("verification_submissions"."status" = 'pending') = ("verification_submissions"."decided_at" IS NULL)
        AND ("verification_submissions"."status" = 'approved') = ("verification_submissions"."approved_until" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "licence_kinds" ADD CONSTRAINT "licence_kinds_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_submission_id_verification_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."verification_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_licence_kind_id_licence_kinds_id_fk" FOREIGN KEY ("licence_kind_id") REFERENCES "public"."licence_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_submissions_one_pending" ON "verification_submissions" USING btree ("user_id","step") WHERE "verification_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_submissions_user_idx" ON "verification_submissions" USING btree ("user_id","step","created_at");--> statement-breakpoint
CREATE INDEX "verification_submissions_status_idx" ON "verification_submissions" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('listing.approve', 'listing.reject', 'listing.feature', 'listing.premium', 'listing.unflag', 'user.edit', 'user.delete', 'user.suspend', 'user.ban', 'user.unsuspend', 'currency.add', 'currency.edit', 'settings.edit', 'hero.edit', 'plan.edit', 'message.reply', 'review.hide', 'report.resolve', 'listing.reports_dismiss', 'listing.take_down', 'payout.record', 'booking.cancel', 'verification.approve', 'verification.reject', 'licence-kind.add', 'licence-kind.edit'));