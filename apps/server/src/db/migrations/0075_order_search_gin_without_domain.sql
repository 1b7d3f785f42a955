-- Order search by fragment (issue 21, must-have 9): the five search GIN indexes of 0063 and 0064
-- without their leading domain_id. With it, every lookup intersected the keyword's few postings
-- with the posting tree of the domain's key — every order of the domain (at 1,000,000 orders 311
-- buffers for 阳娜 against 6 without; bench/RESULTS.md, order search runs 4–5). The domain is
-- now checked on the heap row the index hands over (list.queries.ts keeps `o.domain_id = …` in
-- every statement). On Citus each shard's index holds only the shard's domains, and statements are
-- routed by domain_id, so the column bought nothing there either (docs/scale-out.md).
-- Same names and expressions; list.queries.ts uses the very same expressions.
DROP INDEX IF EXISTS "erp_orders_receiver_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "erp_orders_buyer_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "erp_orders_code_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "erp_orders_receiver_bigram_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "erp_orders_buyer_bigram_idx";
--> statement-breakpoint
CREATE INDEX "erp_orders_receiver_search_idx" ON "erp_orders" USING gin (order_search_text("receiver_name", "receiver_phone", "receiver_tel", coalesce("receiver_province", '') || coalesce("receiver_city", '') || coalesce("receiver_district", '') || coalesce("receiver_address", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "erp_orders_buyer_search_idx" ON "erp_orders" USING gin (order_search_text("buyer_nick") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "erp_orders_code_search_idx" ON "erp_orders" USING gin (order_search_text(VARIADIC array_prepend("code", "platform_nos")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "erp_orders_receiver_bigram_idx" ON "erp_orders" USING gin (order_search_bigrams(order_search_text("receiver_name", "receiver_phone", "receiver_tel", coalesce("receiver_province", '') || coalesce("receiver_city", '') || coalesce("receiver_district", '') || coalesce("receiver_address", ''))));
--> statement-breakpoint
CREATE INDEX "erp_orders_buyer_bigram_idx" ON "erp_orders" USING gin (order_search_bigrams(order_search_text("buyer_nick")));
