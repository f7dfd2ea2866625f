CREATE TABLE "pulled_images" (
	"image" text PRIMARY KEY NOT NULL,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL
);
