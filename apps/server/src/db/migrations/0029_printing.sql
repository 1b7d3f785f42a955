CREATE TABLE "print_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"template_id" bigint,
	"template_name" text NOT NULL,
	"source" text NOT NULL,
	"batch_seq" integer DEFAULT 0 NOT NULL,
	"index_seq" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_template_defaults" (
	"domain_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"template_id" bigint NOT NULL,
	CONSTRAINT "print_template_defaults_domain_id_express_company_code_pk" PRIMARY KEY("domain_id","express_company_code")
);
--> statement-breakpoint
CREATE TABLE "print_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"system_key" text,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"x_offset" double precision NOT NULL,
	"y_offset" double precision NOT NULL,
	"font_size" integer NOT NULL,
	"express_company_code" text,
	"goods_per_page" integer,
	"elements" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_logs" ADD CONSTRAINT "print_logs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_defaults" ADD CONSTRAINT "print_template_defaults_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_defaults" ADD CONSTRAINT "print_template_defaults_template_id_print_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."print_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_templates" ADD CONSTRAINT "print_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_logs_domain_time_idx" ON "print_logs" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "print_logs_order_idx" ON "print_logs" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_name_key" ON "print_templates" USING btree ("domain_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_system_key" ON "print_templates" USING btree ("domain_id","system_key");