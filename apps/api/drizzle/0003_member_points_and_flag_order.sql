ALTER TABLE "lab_flags" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "solve_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "members_leaderboard_idx" ON "members" USING btree ("classroom_id","status","points" DESC NULLS LAST,"reached_at");