CREATE TABLE "ticket_count_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"whatsapp_id" integer,
	"is_group" boolean NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"whatsapp_id" integer,
	"is_group" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "ticket_counts_dimensions_key" UNIQUE NULLS NOT DISTINCT("company_id","status","queue_id","user_id","whatsapp_id","is_group")
);
--> statement-breakpoint
ALTER TABLE "ticket_counts" ADD CONSTRAINT "ticket_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_count_changes_company_status_idx" ON "ticket_count_changes" USING btree ("company_id","status");--> statement-breakpoint
-- The tickets' triggers append each change of a ticket's counted columns (schema/ticket-counts.ts).
-- Inserts and deletes are counted per statement from its transition table, so a round of new
-- tickets or a cascade appends one row per combination; an update, per row, only when one of those
-- columns changed (a new message's bump of a ticket does not fire it).
CREATE FUNCTION ticket_counts_note_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_count_changes (company_id, status, queue_id, user_id, whatsapp_id, is_group, delta)
    SELECT company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*) FROM added GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_note_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_count_changes (company_id, status, queue_id, user_id, whatsapp_id, is_group, delta)
    SELECT company_id, status, queue_id, user_id, whatsapp_id, is_group, -count(*) FROM removed GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_note_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_count_changes (company_id, status, queue_id, user_id, whatsapp_id, is_group, delta) VALUES
    (OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, OLD.whatsapp_id, OLD.is_group, -1),
    (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, NEW.whatsapp_id, NEW.is_group, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_counted_added AFTER INSERT ON tickets REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_note_added();--> statement-breakpoint
CREATE TRIGGER tickets_counted_removed AFTER DELETE ON tickets REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_note_removed();--> statement-breakpoint
CREATE TRIGGER tickets_counted_moved AFTER UPDATE OF company_id, status, queue_id, user_id, whatsapp_id, is_group ON tickets
  FOR EACH ROW WHEN ((OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, OLD.whatsapp_id, OLD.is_group)
    IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, NEW.whatsapp_id, NEW.is_group))
  EXECUTE FUNCTION ticket_counts_note_moved();--> statement-breakpoint
-- the tickets there are now; the migration runs in one transaction with the triggers' creation
INSERT INTO ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, total)
  SELECT company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*) FROM tickets GROUP BY 1, 2, 3, 4, 5, 6;
