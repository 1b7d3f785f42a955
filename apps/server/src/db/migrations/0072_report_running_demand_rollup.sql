CREATE TABLE "report_sales_running" (
	"domain_id" bigint NOT NULL,
	"month" date NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_qty" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"is_last" boolean DEFAULT false NOT NULL,
	CONSTRAINT "report_sales_running_domain_id_month_sku_id_pk" PRIMARY KEY("domain_id","month","sku_id")
);
--> statement-breakpoint
CREATE TABLE "report_open_demand_sku" (
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_open_demand_sku_pk" PRIMARY KEY("domain_id","warehouse_id","sku_id")
);
--> statement-breakpoint
CREATE INDEX "report_sales_running_last_idx" ON "report_sales_running" USING btree ("domain_id","sku_id") WHERE "report_sales_running"."is_last";
--> statement-breakpoint
-- Hand-written (reports README "Tables"): the running per-SKU sums of the monthly sums already
-- kept, once (dense from each SKU's first month to its last); from here on the reports job keeps
-- them with the monthly sums. The same derivation as a rebuild (reports.aggregates.ts).
INSERT INTO report_sales_running (domain_id, month, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count, is_last)
SELECT b.domain_id, g.m::date, b.sku_id,
  sum(coalesce(m.qty, 0)) OVER w, sum(coalesce(m.amount_fen, 0)) OVER w, sum(coalesce(m.refund_qty, 0)) OVER w,
  sum(coalesce(m.refund_fen, 0)) OVER w, sum(coalesce(m.cost_fen, 0)) OVER w, sum(coalesce(m.order_count, 0)) OVER w,
  g.m::date = b.last
FROM (SELECT domain_id, sku_id, min(month) AS first, max(month) AS last FROM report_sales_monthly GROUP BY 1, 2) b
CROSS JOIN LATERAL generate_series(b.first, b.last, interval '1 month') g(m)
LEFT JOIN report_sales_monthly m ON m.domain_id = b.domain_id AND m.sku_id = b.sku_id AND m.month = g.m::date
WINDOW w AS (PARTITION BY b.domain_id, b.sku_id ORDER BY g.m);

--> statement-breakpoint
-- Hand-written (reports/shipping README "To-ship demand"): the open demand rolled up per SKU, for
-- all warehouses (warehouse_id 0) and per warehouse, from the demand rows already folded in.
INSERT INTO report_open_demand_sku (domain_id, warehouse_id, sku_id, qty, orders)
SELECT domain_id, 0, sku_id, sum(qty), count(*) FROM report_open_demand GROUP BY domain_id, sku_id
UNION ALL
SELECT domain_id, warehouse_id, sku_id, sum(qty), count(*) FROM report_open_demand WHERE warehouse_id IS NOT NULL GROUP BY domain_id, warehouse_id, sku_id;
