CREATE TABLE "promotion_conditions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"gift_list" text NOT NULL,
	"gift_sku_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"qty_more_than" integer,
	"qty_less_than" integer,
	"amount_more_than" numeric(18, 4),
	"amount_less_than" numeric(18, 4),
	"random_gift" boolean DEFAULT false NOT NULL,
	"random_kind" integer,
	"qty_need_buy" integer,
	"seller_message" text,
	"buyer_message" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"rule_type" text NOT NULL,
	"rule_mode" smallint DEFAULT 1 NOT NULL,
	"repeatable" boolean DEFAULT false NOT NULL,
	"online_sku" boolean DEFAULT false NOT NULL,
	"need_buy_sku_list" text DEFAULT '' NOT NULL,
	"need_buy_sku_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"store_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"nick_condition_type" text DEFAULT 'NONE' NOT NULL,
	"nick_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"promotion_all_count" integer,
	"given_count" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_conditions" ADD CONSTRAINT "promotion_conditions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_conditions" ADD CONSTRAINT "promotion_conditions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_conditions" ADD CONSTRAINT "promotion_conditions_rule_id_promotion_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."promotion_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_conditions_rule_idx" ON "promotion_conditions" USING btree ("domain_id","promotion_id","rule_id","seq");--> statement-breakpoint
CREATE INDEX "promotion_conditions_gift_idx" ON "promotion_conditions" USING gin ("gift_sku_ids");--> statement-breakpoint
CREATE INDEX "promotion_rules_promotion_idx" ON "promotion_rules" USING btree ("domain_id","promotion_id","seq");--> statement-breakpoint
CREATE INDEX "promotion_rules_need_buy_idx" ON "promotion_rules" USING gin ("need_buy_sku_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_domain_name_key" ON "promotions" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "promotions_domain_id_idx" ON "promotions" USING btree ("domain_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "promotions_domain_open_idx" ON "promotions" USING btree ("domain_id","open","to_time");