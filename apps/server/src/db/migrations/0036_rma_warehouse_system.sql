ALTER TABLE "rma_headers" ADD COLUMN "wms_message" text;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD COLUMN "external_code" text;