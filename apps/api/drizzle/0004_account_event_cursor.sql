CREATE TABLE "account_event_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_event_cursor_single_row_check" CHECK ("account_event_cursor"."id" = 1)
);
