DROP INDEX "purchase_orders_domain_status_idx";--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "settle_status" text DEFAULT 'NOT_PAYABLE' NOT NULL;--> statement-breakpoint
CREATE INDEX "purchase_orders_domain_settle_idx" ON "purchase_orders" USING btree ("domain_id","settle_status");--> statement-breakpoint
CREATE INDEX "purchase_orders_domain_status_idx" ON "purchase_orders" USING btree ("domain_id","status","receive_status","settle_status");--> statement-breakpoint
-- Backfill of the derived settlement state (core's purchaseSettleStatus; later changes recount it in code).
UPDATE "purchase_orders" o SET "settle_status" = s.st FROM (
  SELECT l.domain_id, l.order_id,
    CASE WHEN sum(greatest(0, l.received_qty - l.returned_qty)) = 0 AND sum(l.settled_qty) = 0 THEN 'NOT_PAYABLE'
         WHEN sum(l.settled_qty) = 0 THEN 'TO_SETTLE'
         WHEN sum(l.settled_qty) >= sum(greatest(0, l.received_qty - l.returned_qty)) THEN 'SETTLED'
         ELSE 'PART_SETTLED' END AS st
  FROM "purchase_order_lines" l GROUP BY l.domain_id, l.order_id
) s WHERE o.domain_id = s.domain_id AND o.id = s.order_id AND o.settle_status <> s.st;
