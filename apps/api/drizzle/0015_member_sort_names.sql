DROP INDEX "members_leaderboard_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "members_leaderboard_idx" ON "members" USING btree ("classroom_id","status","points" DESC NULLS LAST,"reached_at","sort_name","user_id");--> statement-breakpoint
-- A user's name for others, lower-cased: memberName of src/users/member-name.ts, and its fallback
-- ('User ' and the id's first four characters, FALLBACK_NAME_PREFIX and FALLBACK_NAME_ID_CHARS).
CREATE FUNCTION "member_sort_name"("display_name" text, "user_id" uuid) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(coalesce(nullif(btrim("display_name"), ''), 'User ' || upper(left("user_id"::text, 4)))) $$;
--> statement-breakpoint
CREATE FUNCTION "members_take_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- '' for a user that is not there: the foreign key then refuses the row, as without this.
  NEW."sort_name" := coalesce((SELECT "member_sort_name"(u."display_name", u."id") FROM "users" u
    WHERE u."id" = NEW."user_id"), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_sort_name" BEFORE INSERT OR UPDATE OF "user_id" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_take_sort_name"();
--> statement-breakpoint
CREATE FUNCTION "users_give_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "members" SET "sort_name" = "member_sort_name"(NEW."display_name", NEW."id")
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_member_sort_name" AFTER UPDATE OF "display_name" ON "users"
  FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name")
  EXECUTE FUNCTION "users_give_sort_name"();
--> statement-breakpoint
UPDATE "members" m SET "sort_name" = "member_sort_name"(u."display_name", u."id")
  FROM "users" u WHERE u."id" = m."user_id";
