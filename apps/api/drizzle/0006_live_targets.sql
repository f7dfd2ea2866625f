CREATE TABLE "deployment" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"proxy_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deployment_singleton_check" CHECK ("deployment"."singleton")
);
--> statement-breakpoint
CREATE TABLE "lab_targets" (
	"lab_id" uuid PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"port" integer NOT NULL,
	"kind" text NOT NULL,
	"env" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memory_mb" integer NOT NULL,
	"cpus" real NOT NULL,
	"pids" integer NOT NULL,
	"lifetime_minutes" integer NOT NULL,
	"extendable" boolean NOT NULL,
	"outbound" boolean DEFAULT false NOT NULL,
	"flag_mode" text DEFAULT 'static' NOT NULL,
	"flag_prefix" text DEFAULT '' NOT NULL,
	"flag_suffix" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_targets_kind_check" CHECK ("lab_targets"."kind" in ('http', 'tcp')),
	CONSTRAINT "lab_targets_flag_mode_check" CHECK ("lab_targets"."flag_mode" in ('static', 'per-student')),
	CONSTRAINT "lab_targets_port_check" CHECK ("lab_targets"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "target_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"target_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'starting' NOT NULL,
	"container_id" text,
	"host_address" text,
	"host_port" integer,
	"flag" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "targets_state_check" CHECK ("targets"."state" in ('starting', 'running', 'stopping', 'stopped', 'expired', 'failed')),
	CONSTRAINT "targets_kind_check" CHECK ("targets"."kind" in ('http', 'tcp'))
);
--> statement-breakpoint
ALTER TABLE "classrooms" ADD COLUMN "max_running_targets" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "shared_flag_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "lab_targets" ADD CONSTRAINT "lab_targets_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tickets" ADD CONSTRAINT "target_tickets_target_id_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tickets" ADD CONSTRAINT "target_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_tickets_expires_at_idx" ON "target_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "targets_active_user_lab_key" ON "targets" USING btree ("user_id","lab_id") WHERE "targets"."state" in ('starting', 'running', 'stopping');--> statement-breakpoint
CREATE UNIQUE INDEX "targets_active_host_port_key" ON "targets" USING btree ("host_port") WHERE "targets"."state" in ('starting', 'running', 'stopping');--> statement-breakpoint
CREATE INDEX "targets_active_classroom_id_idx" ON "targets" USING btree ("classroom_id") WHERE "targets"."state" in ('starting', 'running', 'stopping');--> statement-breakpoint
CREATE INDEX "targets_active_expires_at_idx" ON "targets" USING btree ("expires_at") WHERE "targets"."state" in ('starting', 'running', 'stopping');--> statement-breakpoint
CREATE INDEX "targets_flag_idx" ON "targets" USING btree ("lab_id","flag") WHERE "targets"."flag" is not null;--> statement-breakpoint
CREATE INDEX "targets_user_id_idx" ON "targets" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_shared_flag_owner_id_users_id_fk" FOREIGN KEY ("shared_flag_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_shared_flag_idx" ON "submissions" USING btree ("classroom_id") WHERE "submissions"."shared_flag_owner_id" is not null;