ALTER TABLE "after_sales" ADD COLUMN "erp_order_code" text;--> statement-breakpoint
-- Existing documents take their order's code (order codes never change).
UPDATE "after_sales" a SET "erp_order_code" = o."code" FROM "erp_orders" o WHERE o."domain_id" = a."domain_id" AND o."id" = a."erp_order_id" AND a."erp_order_code" IS NULL;
