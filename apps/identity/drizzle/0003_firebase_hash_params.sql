CREATE TABLE "identity"."firebase_hash_params" (
	"id" text PRIMARY KEY NOT NULL,
	"rounds" integer NOT NULL,
	"mem_cost" integer NOT NULL,
	"salt_separator" text NOT NULL,
	"sealed_signer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
