CREATE TABLE "mail_deliveries" (
	"event_key" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"locale" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"message_id" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_deliveries_event_key_recipient_pk" PRIMARY KEY("event_key","recipient")
);
