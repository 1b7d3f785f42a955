CREATE TABLE "express_rule_priorities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_rule_priorities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"types" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"type" text NOT NULL,
	"usable" boolean DEFAULT true NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"express_company_code" text NOT NULL,
	"rule_condition" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_stop_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_stop_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"express_company_code" text NOT NULL,
	"areas" jsonb NOT NULL,
	"usable" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "express_rule_priorities" ADD CONSTRAINT "express_rule_priorities_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_rules" ADD CONSTRAINT "express_rules_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_stop_templates" ADD CONSTRAINT "express_stop_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_rule_priorities_domain_key" ON "express_rule_priorities" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "express_rules_type_idx" ON "express_rules" USING btree ("domain_id","type","sort_index");--> statement-breakpoint
CREATE INDEX "express_rules_carrier_idx" ON "express_rules" USING btree ("domain_id","express_company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "express_stop_templates_name_key" ON "express_stop_templates" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "express_stop_templates_carrier_idx" ON "express_stop_templates" USING btree ("domain_id","express_company_code");