DROP INDEX "solves_classroom_id_lab_id_idx";--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "solve_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "member_solve_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "solves_classroom_id_lab_id_solved_at_idx" ON "solves" USING btree ("classroom_id","lab_id","solved_at");--> statement-breakpoint
-- The counts of the classrooms' labs from the solves already there, as recountLabSolves counts them.
UPDATE "classroom_labs" SET
  "solve_count" = (SELECT count(*) FROM "solves" s
    WHERE s."classroom_id" = "classroom_labs"."classroom_id" AND s."lab_id" = "classroom_labs"."lab_id"),
  "member_solve_count" = (SELECT count(*) FROM "solves" s
    JOIN "members" m ON m."classroom_id" = s."classroom_id" AND m."user_id" = s."user_id"
      AND m."status" = 'Accepted'
    WHERE s."classroom_id" = "classroom_labs"."classroom_id" AND s."lab_id" = "classroom_labs"."lab_id");
