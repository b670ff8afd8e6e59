import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** OrderCloud IntegrationEvent: where the checkout integration lives and how calls are signed. */
export const integrationEvents = pgTable('integration_events', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  eventType: text('event_type').notNull().default('OrderCheckout'),
  customImplementationUrl: text('custom_implementation_url').notNull(),
  hashKey: text('hash_key').notNull(),
  configData: jsonb('config_data'),
  elevatedRoles: text('elevated_roles').array().notNull().default(sql`'{}'::text[]`),
});

/** OrderCloud Webhook on the routes it lists: a pre-hook (BeforeProcessRequest) or a post-hook (delivered after success by a job). */
export const webhooks = pgTable('webhooks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  hashKey: text('hash_key').notNull(),
  configData: jsonb('config_data'),
  beforeProcessRequest: boolean('before_process_request').notNull().default(false),
  apiClientIds: text('api_client_ids').array().notNull().default(sql`'{}'::text[]`),
  routes: jsonb('routes').$type<{ Route: string; Verb: string }[]>().notNull().default([]),
});
