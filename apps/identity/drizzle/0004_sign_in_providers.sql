CREATE TABLE "identity"."federated_identities" (
	"provider_id" text NOT NULL,
	"subject" text NOT NULL,
	"uid" text NOT NULL,
	"email" text,
	"display_name" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "federated_identities_provider_id_subject_pk" PRIMARY KEY("provider_id","subject")
);
--> statement-breakpoint
CREATE TABLE "identity"."idp_sign_ins" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"provider_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_url" text,
	"event_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"identity" jsonb,
	"pending_token_hash" text,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_sign_ins_stateHash_unique" UNIQUE("state_hash"),
	CONSTRAINT "idp_sign_ins_pendingTokenHash_unique" UNIQUE("pending_token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity"."sign_in_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"teacher_domains" text[] NOT NULL,
	"teacher_claim" text,
	"teacher_claim_values" text[] NOT NULL,
	"school_accounts_only" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."accounts" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."refresh_tokens" ADD COLUMN "sign_in_provider" text;--> statement-breakpoint
ALTER TABLE "identity"."federated_identities" ADD CONSTRAINT "federated_identities_provider_id_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "identity"."sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."federated_identities" ADD CONSTRAINT "federated_identities_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "identity"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."idp_sign_ins" ADD CONSTRAINT "idp_sign_ins_provider_id_sign_in_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "identity"."sign_in_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_provider_uid_key" ON "identity"."federated_identities" USING btree ("provider_id","uid");--> statement-breakpoint
CREATE INDEX "federated_identities_uid_idx" ON "identity"."federated_identities" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "idp_sign_ins_expires_at_idx" ON "identity"."idp_sign_ins" USING btree ("expires_at");