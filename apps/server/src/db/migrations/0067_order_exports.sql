CREATE TABLE "sandbox_export_files" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_export_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"export_type" text NOT NULL,
	"order_nos" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_export_files_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_export_files" ADD CONSTRAINT "sandbox_export_files_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_export_files" ADD CONSTRAINT "sandbox_export_files_shop_id_fk" FOREIGN KEY ("domain_id","shop_id") REFERENCES "public"."sandbox_shops"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_export_files_key" ON "sandbox_export_files" USING btree ("domain_id","file_key");