CREATE TABLE "sandbox_auth_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_auth_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_item_skus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_item_skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_row_id" bigint NOT NULL,
	"sku_id" text NOT NULL,
	"properties" text,
	"outer_sku_id" text,
	"price" numeric(18, 4) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"outer_id" text,
	"pic_url" text,
	"status" text DEFAULT 'onsale' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'WAIT_SELLER_SEND_GOODS' NOT NULL,
	"buyer_nick" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_province" text NOT NULL,
	"receiver_city" text NOT NULL,
	"receiver_district" text NOT NULL,
	"receiver_address" text NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"post_fee" numeric(18, 4) DEFAULT '0' NOT NULL,
	"lines" jsonb NOT NULL,
	"pay_time" timestamp with time zone NOT NULL,
	"express_company_code" text,
	"express_no" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"refund_id" text NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'WAIT_SELLER_AGREE' NOT NULL,
	"reason" text,
	"refund_fee" numeric(18, 4) NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"shop_key" text NOT NULL,
	"failure_rate" numeric(3, 2) DEFAULT '0' NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"token_lifetime_seconds" integer DEFAULT 2592000 NOT NULL,
	"rate_limit_per_minute" integer,
	"rate_window_start" timestamp with time zone,
	"rate_window_count" integer DEFAULT 0 NOT NULL,
	"forced_failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"call_count" bigint DEFAULT 0 NOT NULL,
	"order_seq" integer DEFAULT 0 NOT NULL,
	"item_seq" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_auth_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_auth_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"state_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"requested_by" bigint,
	"requested_by_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_sync_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"kind" text DEFAULT 'ONLINE_GOODS' NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"items_created" integer DEFAULT 0 NOT NULL,
	"items_updated" integer DEFAULT 0 NOT NULL,
	"skus_created" integer DEFAULT 0 NOT NULL,
	"skus_updated" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"requested_by" bigint,
	"requested_by_name" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sync_config" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_auth_codes" ADD CONSTRAINT "sandbox_auth_codes_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_auth_codes" ADD CONSTRAINT "sandbox_auth_codes_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_calls" ADD CONSTRAINT "sandbox_calls_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_calls" ADD CONSTRAINT "sandbox_calls_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_item_skus" ADD CONSTRAINT "sandbox_item_skus_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_item_skus" ADD CONSTRAINT "sandbox_item_skus_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_item_skus" ADD CONSTRAINT "sandbox_item_skus_item_row_id_sandbox_items_id_fk" FOREIGN KEY ("item_row_id") REFERENCES "public"."sandbox_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD CONSTRAINT "sandbox_items_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD CONSTRAINT "sandbox_items_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shops" ADD CONSTRAINT "sandbox_shops_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shops" ADD CONSTRAINT "sandbox_shops_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD CONSTRAINT "sandbox_tokens_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD CONSTRAINT "sandbox_tokens_shop_id_sandbox_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sandbox_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_auth_requests" ADD CONSTRAINT "store_auth_requests_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_auth_requests" ADD CONSTRAINT "store_auth_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sync_runs" ADD CONSTRAINT "store_sync_runs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sync_runs" ADD CONSTRAINT "store_sync_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_auth_codes_code_key" ON "sandbox_auth_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sandbox_calls_shop_idx" ON "sandbox_calls" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_item_skus_key" ON "sandbox_item_skus" USING btree ("shop_id","sku_id");--> statement-breakpoint
CREATE INDEX "sandbox_item_skus_item_idx" ON "sandbox_item_skus" USING btree ("item_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_items_key" ON "sandbox_items" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orders_key" ON "sandbox_orders" USING btree ("shop_id","order_no");--> statement-breakpoint
CREATE INDEX "sandbox_orders_window_idx" ON "sandbox_orders" USING btree ("shop_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_key" ON "sandbox_refunds" USING btree ("shop_id","refund_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_window_idx" ON "sandbox_refunds" USING btree ("shop_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_shops_store_key" ON "sandbox_shops" USING btree ("domain_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_shops_shop_key" ON "sandbox_shops" USING btree ("shop_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_tokens_access_key" ON "sandbox_tokens" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_tokens_refresh_key" ON "sandbox_tokens" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sandbox_tokens_shop_idx" ON "sandbox_tokens" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_auth_requests_state_key" ON "store_auth_requests" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "store_auth_requests_store_idx" ON "store_auth_requests" USING btree ("domain_id","store_id");--> statement-breakpoint
CREATE INDEX "store_sync_runs_store_idx" ON "store_sync_runs" USING btree ("domain_id","store_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_domain_name_key" ON "stores" USING btree ("domain_id",lower("name"));