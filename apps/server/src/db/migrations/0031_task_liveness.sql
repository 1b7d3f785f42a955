ALTER TABLE "export_files" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "notice" text;--> statement-breakpoint
CREATE INDEX "export_files_heartbeat_idx" ON "export_files" USING btree ("heartbeat_at") WHERE heartbeat_at is not null;--> statement-breakpoint
CREATE INDEX "import_tasks_heartbeat_idx" ON "import_tasks" USING btree ("heartbeat_at") WHERE heartbeat_at is not null;