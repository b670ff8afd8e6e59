import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail, once per (event, recipient): a sender claims the row before it sends and marks it
 * sent after, so a mail job that runs again (a retry after a partial failure, a redelivered event,
 * two deliveries handled side by side) skips the recipients that have theirs or are being mailed.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    /** What the mail is about, e.g. `order-confirmation:<order ID>` or `password-reset:<code hash>`. */
    eventKey: text('event_key').notNull(),
    /** The recipient's address, lower-cased. */
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    /** Set while a sender is at it; a claim older than a few minutes is a crashed sender's. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The SMTP server's Message-ID of the sent mail. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.eventKey, table.recipient] })],
);
