CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"user_id" text,
	"currency" varchar(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payment_id" text,
	"refund_id" text,
	"booking_id" integer,
	"job_id" integer,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('charge', 'fee', 'hold', 'release', 'refund', 'payout')),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('provider_cash', 'provider_fees', 'plan_revenue', 'service_fee_revenue', 'host_held', 'host_payable', 'payer_unapplied')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payer_id" text,
	"purpose" text NOT NULL,
	"plan_id" text,
	"booking_id" integer,
	"job_id" integer,
	"provider" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount_usd_cents" bigint NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" IN ('plan', 'booking', 'booking_balance', 'job')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('pending', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" IN ('sandbox', 'paystack', 'flutterwave', 'stripe')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" IS NULL OR "payments"."method" IN ('card', 'mobile_money', 'bank_transfer')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0 AND "payments"."amount_usd_cents" > 0),
	CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_minor" >= 0 AND "payments"."refunded_minor" <= "payments"."amount_minor"),
	CONSTRAINT "payments_paid_at_check" CHECK (("payments"."status" = 'paid') = ("payments"."paid_at" IS NOT NULL)),
	CONSTRAINT "payments_plan_check" CHECK ("payments"."purpose" <> 'plan' OR "payments"."plan_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"host_id" text NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminded_week_at" timestamp with time zone,
	"reminded_day_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "plan_subscriptions_period_check" CHECK ("plan_subscriptions"."ends_at" > "plan_subscriptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_ref" text,
	"reason" text NOT NULL,
	"sources" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "listings" DROP CONSTRAINT "listings_status_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_event_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "paused_from" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "featured_by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "payment_mode" text DEFAULT 'on_arrival' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "deposit_percent" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_mode" text DEFAULT 'on_arrival' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "due_now_usd_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_premium_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."premium_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_id_premium_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."premium_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","account","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_job_idx" ON "ledger_entries" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_job_idx" ON "payments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plan_subscriptions_user_idx" ON "plan_subscriptions" USING btree ("user_id","ends_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plan_subscriptions_ends_idx" ON "plan_subscriptions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_status_check" CHECK ("listings"."status" IN ('pending_approval', 'approved', 'rejected', 'paused'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('listing.approve', 'listing.reject', 'listing.feature', 'listing.premium', 'user.edit', 'user.delete', 'currency.add', 'currency.edit', 'settings.edit', 'hero.edit', 'plan.edit', 'message.reply', 'review.hide', 'report.resolve', 'payout.record'));--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_event_check" CHECK ("booking_events"."event" IN ('checkout', 'paid', 'requested', 'booked', 'accepted', 'declined', 'expired', 'cancelled', 'completed'));--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_payment_mode_check" CHECK ("booking_settings"."payment_mode" IN ('on_arrival', 'full', 'deposit'));--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_deposit_check" CHECK (("booking_settings"."payment_mode" = 'deposit') = ("booking_settings"."deposit_percent" IS NOT NULL) AND ("booking_settings"."deposit_percent" IS NULL OR "booking_settings"."deposit_percent" BETWEEN 10 AND 90));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_mode_check" CHECK ("bookings"."payment_mode" IN ('on_arrival', 'full', 'deposit'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_due_now_check" CHECK ("bookings"."due_now_usd_cents" BETWEEN 0 AND "bookings"."total_usd_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('awaiting_payment', 'requested', 'declined', 'expired', 'confirmed', 'cancelled', 'completed'));--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("listing_id" WITH =, "occupied" WITH &&) WHERE ("status" IN ('awaiting_payment', 'requested', 'confirmed') AND "unit" <> 'departure');
