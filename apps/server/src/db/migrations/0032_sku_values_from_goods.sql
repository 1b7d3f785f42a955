ALTER TABLE "skus" ADD COLUMN "cost_price_from_goods" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "weight_from_goods" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- SKUs of goods with variants saved before without a cost price or weight take the goods' value now.
UPDATE "skus" k SET "cost_price_from_goods" = true, "cost_price" = p."cost_price"
FROM "spus" p
WHERE p."domain_id" = k."domain_id" AND p."id" = k."spu_id" AND p."has_sku" AND NOT p."is_combination" AND k."cost_price" IS NULL;--> statement-breakpoint
UPDATE "skus" k SET "weight_from_goods" = true, "weight" = p."weight"
FROM "spus" p
WHERE p."domain_id" = k."domain_id" AND p."id" = k."spu_id" AND p."has_sku" AND NOT p."is_combination" AND k."weight" IS NULL;
