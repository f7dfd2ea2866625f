CREATE TABLE "mail"."outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("mail"."outbox"."status" in ('queued', 'sending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "mail"."outbox" USING btree ("next_attempt_at") WHERE "mail"."outbox"."status" in ('queued', 'retrying', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_status_created_at_idx" ON "mail"."outbox" USING btree ("status","created_at" DESC NULLS LAST);