ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "teacher_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_teacher_requested_at_idx" ON "users" USING btree ("teacher_requested_at") WHERE "users"."teacher_requested_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('InvitationReceived', 'JoinRequested', 'JoinApproved', 'InvitationAccepted', 'LabAdded', 'TeacherApproved'));