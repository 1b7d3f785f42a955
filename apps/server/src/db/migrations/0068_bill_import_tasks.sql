ALTER TABLE "bill_imports" DROP CONSTRAINT "bill_imports_status_check";--> statement-breakpoint
ALTER TABLE "bill_imports" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "file_id" bigint;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "load_missing_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "processed_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "header" jsonb;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_imports_running_idx" ON "bill_imports" USING btree ("status","heartbeat_at");--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_status_check" CHECK ("bill_imports"."status" in ('QUEUED', 'RUNNING', 'LOADED', 'REFUSED', 'FAILED'));