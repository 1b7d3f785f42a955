ALTER TABLE "import_tasks" ADD COLUMN "message_code" text;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "message_params" jsonb;