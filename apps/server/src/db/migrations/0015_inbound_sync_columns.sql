ALTER TABLE "asn_headers" ADD COLUMN "sync_error_code" text;--> statement-breakpoint
ALTER TABLE "asn_headers" ADD COLUMN "cancel_attempts" integer DEFAULT 0 NOT NULL;