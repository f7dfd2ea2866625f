CREATE TABLE "identity"."account_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"type" text NOT NULL,
	"valid_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_events_type_check" CHECK ("identity"."account_events"."type" in ('revoked', 'deleted'))
);
--> statement-breakpoint
CREATE INDEX "account_events_created_at_idx" ON "identity"."account_events" USING btree ("created_at");