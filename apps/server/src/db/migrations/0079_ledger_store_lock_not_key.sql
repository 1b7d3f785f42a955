ALTER TABLE "money_events" DROP CONSTRAINT "money_events_store_id_fk";
--> statement-breakpoint
ALTER TABLE "reconciliations" DROP CONSTRAINT "reconciliations_store_id_fk";
