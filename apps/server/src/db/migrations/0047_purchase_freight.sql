ALTER TABLE "purchase_order_lines" ADD COLUMN "freight" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD COLUMN "price" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "freight" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "freight_allocation" text DEFAULT 'AMOUNT' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_freight_not_negative" CHECK ("purchase_orders"."freight" >= 0);