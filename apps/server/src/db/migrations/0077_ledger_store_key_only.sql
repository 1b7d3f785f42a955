ALTER TABLE "money_events" DROP CONSTRAINT "money_events_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "reconciliations" DROP CONSTRAINT "reconciliations_domain_id_domains_id_fk";
