CREATE TABLE "combination_components" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "combination_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"combo_sku_id" bigint NOT NULL,
	"component_sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"apportion_cost_price" numeric(18, 4),
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_classes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sku_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" bigint,
	"node_type" text DEFAULT 'LEVEL_1' NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_product_dates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sku_product_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"product_date" date NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"spu_id" bigint NOT NULL,
	"code" text NOT NULL,
	"bar_code" text,
	"name" text,
	"specifications" text,
	"color" text,
	"size" text,
	"price" numeric(18, 4),
	"cost_price" numeric(18, 4),
	"distribution_price" numeric(18, 4),
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"weight" numeric(12, 3),
	"pic_url" text,
	"is_combination" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'onsale' NOT NULL,
	"sync_status" text DEFAULT 'NONE' NOT NULL,
	"del_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"goods_no" text,
	"bar_code" text,
	"brand" text,
	"category" text,
	"unit" text,
	"color" text,
	"size" text,
	"specifications" text,
	"season" text,
	"lot_info" text,
	"shelf_life" integer,
	"package_info" text,
	"price" numeric(18, 4),
	"cost_price" numeric(18, 4),
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"weight" numeric(12, 3),
	"udf1" text,
	"udf2" text,
	"remark" text,
	"pic_url" text,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"marks" text[] DEFAULT '{}'::text[] NOT NULL,
	"class_id" bigint,
	"has_sku" boolean DEFAULT false NOT NULL,
	"is_combination" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'onsale' NOT NULL,
	"sync_status" text DEFAULT 'NONE' NOT NULL,
	"del_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"mask_name" text,
	"website" text,
	"contact" text,
	"tel" text,
	"phone" text,
	"country" text,
	"province" text,
	"city" text,
	"county" text,
	"street" text,
	"store_type" integer DEFAULT 1 NOT NULL,
	"platform_code" text NOT NULL,
	"short_platform_code" text,
	"platform_shop_id" text,
	"store_source" text,
	"original_store_source" text,
	"mall_app_id" text,
	"store_logo" text,
	"platform_supplier_id" text,
	"deliver_notification" boolean DEFAULT false NOT NULL,
	"sender_address_mode" text DEFAULT 'STORE_STORE' NOT NULL,
	"branch_store_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret_key" text,
	"usable" boolean DEFAULT true NOT NULL,
	"auth_status" text DEFAULT 'NONE' NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_skus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tb_skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"tb_spu_row_id" bigint NOT NULL,
	"tb_spu_id" text NOT NULL,
	"tb_sku_id" text NOT NULL,
	"title" text NOT NULL,
	"properties" text,
	"outer_sku_id" text,
	"price" text,
	"sku_pic_url" text,
	"sku_id" bigint,
	"mapping_status" text DEFAULT 'wait' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tb_spus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tb_spus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"tb_spu_id" text NOT NULL,
	"title" text NOT NULL,
	"outer_id" text,
	"pic_url" text,
	"status" text DEFAULT 'onsale' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "combination_components" ADD CONSTRAINT "combination_components_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_components" ADD CONSTRAINT "combination_components_combo_sku_id_skus_id_fk" FOREIGN KEY ("combo_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_components" ADD CONSTRAINT "combination_components_component_sku_id_skus_id_fk" FOREIGN KEY ("component_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_classes" ADD CONSTRAINT "sku_classes_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_product_dates" ADD CONSTRAINT "sku_product_dates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_product_dates" ADD CONSTRAINT "sku_product_dates_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_spu_id_spus_id_fk" FOREIGN KEY ("spu_id") REFERENCES "public"."spus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spus" ADD CONSTRAINT "spus_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spus" ADD CONSTRAINT "spus_class_id_sku_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."sku_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_skus" ADD CONSTRAINT "tb_skus_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_skus" ADD CONSTRAINT "tb_skus_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_skus" ADD CONSTRAINT "tb_skus_tb_spu_row_id_tb_spus_id_fk" FOREIGN KEY ("tb_spu_row_id") REFERENCES "public"."tb_spus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_spus" ADD CONSTRAINT "tb_spus_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tb_spus" ADD CONSTRAINT "tb_spus_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "combination_components_key" ON "combination_components" USING btree ("combo_sku_id","component_sku_id");--> statement-breakpoint
CREATE INDEX "combination_components_component_idx" ON "combination_components" USING btree ("domain_id","component_sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_classes_domain_code_key" ON "sku_classes" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "sku_classes_parent_idx" ON "sku_classes" USING btree ("domain_id","parent_id");--> statement-breakpoint
CREATE INDEX "sku_product_dates_sku_idx" ON "sku_product_dates" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_domain_code_key" ON "skus" USING btree ("domain_id","code") WHERE del_flag = false;--> statement-breakpoint
CREATE INDEX "skus_domain_spu_idx" ON "skus" USING btree ("domain_id","spu_id");--> statement-breakpoint
CREATE INDEX "skus_domain_barcode_idx" ON "skus" USING btree ("domain_id","bar_code");--> statement-breakpoint
CREATE UNIQUE INDEX "spus_domain_code_key" ON "spus" USING btree ("domain_id","code") WHERE del_flag = false;--> statement-breakpoint
CREATE INDEX "spus_domain_id_idx" ON "spus" USING btree ("domain_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "spus_domain_class_idx" ON "spus" USING btree ("domain_id","class_id");--> statement-breakpoint
CREATE INDEX "stores_domain_idx" ON "stores" USING btree ("domain_id","id");--> statement-breakpoint
CREATE INDEX "stores_token_expiry_idx" ON "stores" USING btree ("domain_id","token_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_skus_key" ON "tb_skus" USING btree ("domain_id","store_id","tb_sku_id");--> statement-breakpoint
CREATE INDEX "tb_skus_status_idx" ON "tb_skus" USING btree ("domain_id","mapping_status","deleted");--> statement-breakpoint
CREATE INDEX "tb_skus_sku_idx" ON "tb_skus" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "tb_spus_domain_store_idx" ON "tb_spus" USING btree ("domain_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tb_spus_key" ON "tb_spus" USING btree ("domain_id","store_id","tb_spu_id");