CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_body_check" CHECK (length("announcements"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "classroom_co_teachers" (
	"classroom_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_co_teachers_pkey" PRIMARY KEY("classroom_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hint_unlocks" (
	"classroom_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hint_id" uuid NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hint_unlocks_pkey" PRIMARY KEY("classroom_id","user_id","hint_id")
);
--> statement-breakpoint
CREATE TABLE "lab_hints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"content" text NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_hints_content_check" CHECK (length("lab_hints"."content") between 1 and 2000),
	CONSTRAINT "lab_hints_cost_check" CHECK ("lab_hints"."cost" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "classroom_lab_requirements" (
	"classroom_id" uuid NOT NULL,
	"lab_id" uuid NOT NULL,
	"required_lab_id" uuid NOT NULL,
	CONSTRAINT "classroom_lab_requirements_pkey" PRIMARY KEY("classroom_id","lab_id","required_lab_id"),
	CONSTRAINT "classroom_lab_requirements_self_check" CHECK ("classroom_lab_requirements"."lab_id" <> "classroom_lab_requirements"."required_lab_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "lab_flags" ADD COLUMN "kind" text DEFAULT 'exact' NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "late_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "scoring" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "minimum_points" integer;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "decay" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "first_solve_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_co_teachers" ADD CONSTRAINT "classroom_co_teachers_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_co_teachers" ADD CONSTRAINT "classroom_co_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_co_teachers" ADD CONSTRAINT "classroom_co_teachers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_hint_id_lab_hints_id_fk" FOREIGN KEY ("hint_id") REFERENCES "public"."lab_hints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_hints" ADD CONSTRAINT "lab_hints_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_lab_requirements" ADD CONSTRAINT "classroom_lab_requirements_lab_fk" FOREIGN KEY ("classroom_id","lab_id") REFERENCES "public"."classroom_labs"("classroom_id","lab_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_lab_requirements" ADD CONSTRAINT "classroom_lab_requirements_required_lab_fk" FOREIGN KEY ("classroom_id","required_lab_id") REFERENCES "public"."classroom_labs"("classroom_id","lab_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_classroom_id_created_at_idx" ON "announcements" USING btree ("classroom_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "classroom_co_teachers_user_id_idx" ON "classroom_co_teachers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hint_unlocks_hint_id_idx" ON "hint_unlocks" USING btree ("hint_id");--> statement-breakpoint
CREATE INDEX "lab_hints_lab_id_idx" ON "lab_hints" USING btree ("lab_id","position");--> statement-breakpoint
CREATE INDEX "classroom_lab_requirements_required_idx" ON "classroom_lab_requirements" USING btree ("classroom_id","required_lab_id");--> statement-breakpoint
CREATE INDEX "classroom_labs_unannounced_idx" ON "classroom_labs" USING btree ("opens_at") WHERE "classroom_labs"."announced_at" is null;--> statement-breakpoint
ALTER TABLE "lab_flags" ADD CONSTRAINT "lab_flags_kind_check" CHECK ("lab_flags"."kind" in ('exact', 'regex'));--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD CONSTRAINT "classroom_labs_late_percent_check" CHECK ("classroom_labs"."late_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD CONSTRAINT "classroom_labs_schedule_check" CHECK ("classroom_labs"."opens_at" is null or "classroom_labs"."due_at" is null or "classroom_labs"."opens_at" < "classroom_labs"."due_at");--> statement-breakpoint
ALTER TABLE "labs" ADD CONSTRAINT "labs_scoring_check" CHECK ("labs"."scoring" in ('fixed', 'dynamic'));--> statement-breakpoint
ALTER TABLE "labs" ADD CONSTRAINT "labs_dynamic_scoring_check" CHECK ("labs"."scoring" = 'fixed' or ("labs"."minimum_points" between 0 and "labs"."points"
        and "labs"."decay" >= 1));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('InvitationReceived', 'JoinRequested', 'JoinApproved', 'InvitationAccepted', 'LabAdded', 'LabOpened', 'TeacherApproved', 'Announcement', 'CoTeacherAdded'));--> statement-breakpoint
-- Existing classrooms keep their scores; their first solvers get their marks.
UPDATE "members" SET "first_solve_count" = "firsts"."count"
FROM (
	SELECT "classroom_id", "user_id", count(*)::int AS "count"
	FROM (
		SELECT s."classroom_id", s."user_id",
			rank() OVER (PARTITION BY s."classroom_id", s."lab_id" ORDER BY s."solved_at") AS "place"
		FROM "solves" s
		JOIN "classroom_labs" cl ON cl."classroom_id" = s."classroom_id" AND cl."lab_id" = s."lab_id"
	) AS "ranked"
	WHERE "place" = 1
	GROUP BY "classroom_id", "user_id"
) AS "firsts"
WHERE "members"."classroom_id" = "firsts"."classroom_id" AND "members"."user_id" = "firsts"."user_id";
--> statement-breakpoint
-- Labs already in classrooms were announced when they were added.
UPDATE "classroom_labs" SET "announced_at" = "added_at";
