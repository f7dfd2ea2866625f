CREATE TABLE "invitation_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"classroom_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "invitation_links_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "invitation_links_email_lower_check" CHECK ("invitation_links"."email" = lower("invitation_links"."email"))
);
--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_links_invited_by_created_at_idx" ON "invitation_links" USING btree ("invited_by","created_at");--> statement-breakpoint
CREATE INDEX "invitation_links_classroom_id_email_idx" ON "invitation_links" USING btree ("classroom_id","email");