CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_pkey" PRIMARY KEY("file_id","position")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_key" ON "stored_files" USING btree ("key") WHERE "stored_files"."complete";--> statement-breakpoint
CREATE INDEX "stored_files_incomplete_idx" ON "stored_files" USING btree ("created_at") WHERE not "stored_files"."complete";--> statement-breakpoint
-- Uploads are mostly compressed already (archives, images): keep chunks out of line, uncompressed.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
