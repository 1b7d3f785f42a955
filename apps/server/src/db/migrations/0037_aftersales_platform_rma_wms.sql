ALTER TABLE "sandbox_refunds" ADD COLUMN "type" text DEFAULT 'REFUND_ONLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "buyer_express_company_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "buyer_express_no" text;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD COLUMN "wms_message" text;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD COLUMN "external_code" text;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "write_back_error" text;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "write_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "replacement_mode" text;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "replacement_order_id" bigint;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_replacement_order_fk" FOREIGN KEY ("domain_id","replacement_order_id") REFERENCES "public"."erp_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sales_domain_replacement_idx" ON "after_sales" USING btree ("domain_id","replacement_order_id");--> statement-breakpoint
CREATE INDEX "after_sales_domain_write_back_idx" ON "after_sales" USING btree ("write_back_status","domain_id") WHERE write_back_status = 'TO_SEND';--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_replacement_mode_check" CHECK ("after_sales"."replacement_mode" is null or "after_sales"."replacement_mode" in ('NOW', 'AFTER_RECEIPT'));