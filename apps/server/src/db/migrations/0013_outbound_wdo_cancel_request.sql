ALTER TABLE "wdo_headers" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wdo_headers" ADD COLUMN "express_company_code" text;--> statement-breakpoint
ALTER TABLE "wdo_headers" ADD COLUMN "express_no" text;