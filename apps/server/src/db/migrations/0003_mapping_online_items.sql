ALTER TABLE "tb_skus" ADD COLUMN "sale_price" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "tb_skus" ADD COLUMN "source" text DEFAULT 'SYNC' NOT NULL;--> statement-breakpoint
ALTER TABLE "tb_skus" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tb_spus" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tb_skus_spu_row_idx" ON "tb_skus" USING btree ("domain_id","tb_spu_row_id");