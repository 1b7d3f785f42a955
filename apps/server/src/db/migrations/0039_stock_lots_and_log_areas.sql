-- One name per concept (issue 13): the production-date lots of a stock balance are `stock_lots`
-- (a SKU's product-date records, spec 02 productDate, stay `sku_product_dates`); the operation-log
-- area of express rules is `expressrules`, the word of the page, the table and the web namespace.
ALTER TABLE "stock_product_dates" RENAME TO "stock_lots";--> statement-breakpoint
ALTER SEQUENCE "stock_product_dates_id_seq" RENAME TO "stock_lots_id_seq";--> statement-breakpoint
ALTER INDEX "stock_product_dates_key" RENAME TO "stock_lots_key";--> statement-breakpoint
ALTER TABLE "stock_lots" RENAME CONSTRAINT "stock_product_dates_domain_id_id_pk" TO "stock_lots_domain_id_id_pk";--> statement-breakpoint
ALTER TABLE "stock_lots" RENAME CONSTRAINT "stock_product_dates_qty_positive" TO "stock_lots_qty_positive";--> statement-breakpoint
ALTER TABLE "stock_lots" RENAME CONSTRAINT "stock_product_dates_domain_id_domains_id_fk" TO "stock_lots_domain_id_domains_id_fk";--> statement-breakpoint
ALTER TABLE "stock_lots" RENAME CONSTRAINT "stock_product_dates_balance_id_fk" TO "stock_lots_balance_id_fk";--> statement-breakpoint
UPDATE "operation_logs" SET "area" = 'expressrules' WHERE "area" = 'courier-rules';
