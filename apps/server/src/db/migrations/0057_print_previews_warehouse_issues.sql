CREATE TABLE "order_warehouse_issues" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_warehouse_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"doc_code" text NOT NULL,
	"status" text NOT NULL,
	"external_code" text,
	"error_msg" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_warehouse_issues_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "print_template_links" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "print_template_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"token" text NOT NULL,
	"template_id" bigint NOT NULL,
	"print_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_template_links_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "print_template_previews" (
	"domain_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"template_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_template_previews_domain_id_user_id_kind_pk" PRIMARY KEY("domain_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_warehouse_issues" ADD CONSTRAINT "order_warehouse_issues_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_warehouse_issues" ADD CONSTRAINT "order_warehouse_issues_order_id_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."erp_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_links" ADD CONSTRAINT "print_template_links_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_links" ADD CONSTRAINT "print_template_links_template_id_fk" FOREIGN KEY ("domain_id","template_id") REFERENCES "public"."print_templates"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_previews" ADD CONSTRAINT "print_template_previews_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_template_previews" ADD CONSTRAINT "print_template_previews_template_id_fk" FOREIGN KEY ("domain_id","template_id") REFERENCES "public"."print_templates"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_warehouse_issues_order_key" ON "order_warehouse_issues" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_warehouse_issues_doc_key" ON "order_warehouse_issues" USING btree ("domain_id","warehouse_id","doc_code");--> statement-breakpoint
CREATE INDEX "order_warehouse_issues_failed_idx" ON "order_warehouse_issues" USING btree ("domain_id","order_id") WHERE status = 'FAILURE';--> statement-breakpoint
CREATE UNIQUE INDEX "print_template_links_token_key" ON "print_template_links" USING btree ("domain_id","token");