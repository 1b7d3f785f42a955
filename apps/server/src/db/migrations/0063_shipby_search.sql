ALTER TABLE "sandbox_orders" ADD COLUMN "last_ship_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "risk_controlled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_shops" ADD COLUMN "ship_by_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD COLUMN "promised_delivery_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD COLUMN "promise_sign_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD COLUMN "promise_outbound_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD COLUMN "promise_delivery_time" timestamp with time zone;
--> statement-breakpoint
-- Order search by fragment (issue 21, must-have 9): trigram GIN indexes, led by domain_id
-- (btree_gin) so a shard holding several domains reads only the one asked for. The search text
-- joins its parts with chr(1) (a word break for pg_trgm that nobody types) and drops spaces and
-- dashes, so "138 1234-5678" and "文三路90号" find what is stored as "13812345678" and
-- "文三路 90 号". The query side (list.queries.ts) uses the very same expressions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_search_text(VARIADIC parts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select regexp_replace(array_to_string(parts, chr(1)), '[[:space:]　-]+', '', 'g') $$;
--> statement-breakpoint
CREATE INDEX "erp_orders_receiver_search_idx" ON "erp_orders" USING gin ("domain_id", order_search_text("receiver_name", "receiver_phone", "receiver_tel", coalesce("receiver_province", '') || coalesce("receiver_city", '') || coalesce("receiver_district", '') || coalesce("receiver_address", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "erp_orders_buyer_search_idx" ON "erp_orders" USING gin ("domain_id", order_search_text("buyer_nick") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "erp_orders_code_search_idx" ON "erp_orders" USING gin ("domain_id", order_search_text(VARIADIC array_prepend("code", "platform_nos")) gin_trgm_ops);
