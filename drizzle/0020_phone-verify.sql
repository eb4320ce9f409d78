CREATE TABLE "phone_verification_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_verification_codes_phone_check" CHECK ("phone_verification_codes"."phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "phone_verification_codes_attempts_check" CHECK ("phone_verification_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verification_codes_expires_at_idx" ON "phone_verification_codes" USING btree ("expires_at");