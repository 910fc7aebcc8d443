DROP INDEX "gateways_owner_idx";--> statement-breakpoint
CREATE INDEX "gateways_owner_name_idx" ON "gateways" USING btree ("owner_id","name","id");