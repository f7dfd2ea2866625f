ALTER TABLE "targets" DROP CONSTRAINT "targets_kind_check";--> statement-breakpoint
ALTER TABLE "targets" ALTER COLUMN "lab_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "active_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "targets_active_user_box_key" ON "targets" USING btree ("user_id") WHERE "targets"."lab_id" is null and "targets"."state" in ('starting', 'running', 'stopping');--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_box_lab_check" CHECK (("targets"."kind" in ('box')) = ("targets"."lab_id" is null));--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_kind_check" CHECK ("targets"."kind" in ('http', 'tcp', 'box'));