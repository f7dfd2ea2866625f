ALTER TABLE "targets" ADD COLUMN "reach_host" text;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "reach_port" integer;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "exposed_host" text;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "exposed_port" integer;--> statement-breakpoint
-- Targets started before their driver said where they are reached: where the API used to reach
-- them. An exposed TCP target among them shows its plain address again once restarted.
UPDATE "targets" SET
  "reach_host" = CASE "host_address" WHEN '0.0.0.0' THEN '127.0.0.1' WHEN '::' THEN '::1' ELSE "host_address" END,
  "reach_port" = "host_port"
WHERE "container_id" IS NOT NULL AND "host_address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "targets" DROP COLUMN "host_address";
