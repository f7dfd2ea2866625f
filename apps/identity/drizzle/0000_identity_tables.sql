CREATE TABLE "identity"."accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"photo_url" text,
	"password_hash" text NOT NULL,
	"password_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_since" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"custom_claims" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."oob_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"family_id" uuid NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."throttle_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."oob_codes" ADD CONSTRAINT "oob_codes_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "identity"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "identity"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "identity"."accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "oob_codes_uid_kind_idx" ON "identity"."oob_codes" USING btree ("uid","kind");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "identity"."refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_uid_idx" ON "identity"."refresh_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_current_key" ON "identity"."signing_keys" USING btree ((true)) WHERE "identity"."signing_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "throttle_events_bucket_at_idx" ON "identity"."throttle_events" USING btree ("bucket","at");--> statement-breakpoint
CREATE INDEX "throttle_events_at_idx" ON "identity"."throttle_events" USING btree ("at");