CREATE TABLE "classrooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"teacher_name" text NOT NULL,
	"image_key" text,
	"join_code" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_join_code_check" CHECK ("classrooms"."join_code" ~ '^[A-Z2-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "classroom_labs" (
	"classroom_id" uuid NOT NULL,
	"lab_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_labs_pkey" PRIMARY KEY("classroom_id","lab_id")
);
--> statement-breakpoint
CREATE TABLE "lab_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_files_size_check" CHECK ("lab_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "labs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"difficulty" text NOT NULL,
	"category" text NOT NULL,
	"points" integer NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labs_difficulty_check" CHECK ("labs"."difficulty" in ('Easy', 'Medium', 'Hard', 'Insane')),
	CONSTRAINT "labs_category_check" CHECK ("labs"."category" in ('Web', 'Crypto', 'Forensics', 'Reverse engineering', 'Binary exploitation', 'OSINT', 'Networking', 'Misc')),
	CONSTRAINT "labs_points_check" CHECK ("labs"."points" between 1 and 10000),
	CONSTRAINT "labs_slug_check" CHECK ("labs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "email_invitations" (
	"classroom_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_invitations_pkey" PRIMARY KEY("classroom_id","email"),
	CONSTRAINT "email_invitations_email_lower_check" CHECK ("email_invitations"."email" = lower("email_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"classroom_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_pkey" PRIMARY KEY("classroom_id","user_id"),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('Invited', 'PendingApproval', 'Accepted'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('InvitationReceived', 'JoinRequested', 'JoinApproved', 'InvitationAccepted', 'LabAdded'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uid" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"photo_url" text,
	"role_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_id_check" CHECK ("users"."role_id" in (1, 2, 3, 4))
);
--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD CONSTRAINT "classroom_labs_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_labs" ADD CONSTRAINT "classroom_labs_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_files" ADD CONSTRAINT "lab_files_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labs" ADD CONSTRAINT "labs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_join_code_key" ON "classrooms" USING btree ("join_code");--> statement-breakpoint
CREATE INDEX "classrooms_creator_id_idx" ON "classrooms" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "classroom_labs_lab_id_idx" ON "classroom_labs" USING btree ("lab_id");--> statement-breakpoint
CREATE INDEX "lab_files_lab_id_idx" ON "lab_files" USING btree ("lab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_files_storage_key_key" ON "lab_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "labs_slug_key" ON "labs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "labs_creator_id_idx" ON "labs" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "email_invitations_email_idx" ON "email_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "members_user_id_status_idx" ON "members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "members_classroom_id_status_idx" ON "members" USING btree ("classroom_id","status");--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_uid_key" ON "users" USING btree ("identity_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));