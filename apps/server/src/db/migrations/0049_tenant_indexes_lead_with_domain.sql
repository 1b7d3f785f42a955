DROP INDEX "erp_order_lines_order_idx";--> statement-breakpoint
DROP INDEX "erp_orders_merged_into_idx";--> statement-breakpoint
DROP INDEX "platform_orders_erp_order_idx";--> statement-breakpoint
CREATE INDEX "erp_order_lines_order_idx" ON "erp_order_lines" USING btree ("domain_id","order_id","line_seq");--> statement-breakpoint
CREATE INDEX "erp_orders_merged_into_idx" ON "erp_orders" USING btree ("domain_id","merged_into_id");--> statement-breakpoint
CREATE INDEX "platform_orders_erp_order_idx" ON "platform_orders" USING btree ("domain_id","erp_order_id");