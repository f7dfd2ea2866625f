ALTER TABLE "identity"."signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."signing_keys" ADD COLUMN "sealed_private_jwk" text;