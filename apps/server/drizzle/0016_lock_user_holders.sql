CREATE INDEX "ekeys_holder_idx" ON "ekeys" USING btree (lower("recipient_account"));--> statement-breakpoint
CREATE INDEX "lock_credentials_holder_idx" ON "lock_credentials" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "passcodes_holder_idx" ON "passcodes" USING btree (lower(btrim("name")));