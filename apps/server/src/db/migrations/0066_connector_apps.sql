CREATE TABLE "connector_apps" (
	"platform_key" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"app_secret" text NOT NULL,
	"gateway_url" text,
	"authorize_url" text,
	"callback_url" text,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
