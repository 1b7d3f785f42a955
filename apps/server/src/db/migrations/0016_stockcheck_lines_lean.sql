ALTER TABLE "stock_check_lines" DROP CONSTRAINT "stock_check_lines_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_check_lines" DROP CONSTRAINT "stock_check_lines_check_id_stock_checks_id_fk";
--> statement-breakpoint
DROP INDEX "stock_check_lines_sku_idx";--> statement-breakpoint
DROP INDEX "stock_check_lines_location_idx";