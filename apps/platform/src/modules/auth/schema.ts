import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Secrets the platform generates on first start and shares between instances (the JWT signing key). */
export const platformSecrets = pgTable('platform_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const apiClients = pgTable('api_clients', {
  id: text('id').primaryKey(),
  appName: text('app_name').notNull(),
  /** SHA-256 of the client secret (secrets are long random strings, so a fast hash suffices). */
  secretHash: text('secret_hash'),
  active: boolean('active').notNull().default(true),
  allowAnyBuyer: boolean('allow_any_buyer').notNull().default(true),
  allowSeller: boolean('allow_seller').notNull().default(false),
  /** OrderCloud's IsAnonBuyer: client_credentials without a secret yields a token of the default context user. */
  isAnonBuyer: boolean('is_anon_buyer').notNull().default(false),
  defaultContextUserId: text('default_context_user_id'),
  accessTokenMinutes: integer('access_token_minutes').notNull().default(600),
  refreshTokenMinutes: integer('refresh_token_minutes').notNull().default(43_200),
  orderCheckoutIntegrationEventId: text('order_checkout_integration_event_id'),
  xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  dateCreated: timestamptz('date_created').notNull().defaultNow(),
});

export const securityProfiles = pgTable('security_profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  customRoles: text('custom_roles').array().notNull().default(sql`'{}'::text[]`),
});

/**
 * Who holds a profile: the whole marketplace's admin users (no party), a buyer company, a user group
 * of a buyer, or one user.
 */
export const securityProfileAssignments = pgTable(
  'security_profile_assignments',
  {
    id: serial('id').primaryKey(),
    securityProfileId: text('security_profile_id')
      .notNull()
      .references(() => securityProfiles.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id'),
    userGroupId: text('user_group_id'),
    userId: text('user_id'),
  },
  (table) => [
    uniqueIndex('security_profile_assignments_unique').on(
      table.securityProfileId,
      sql`coalesce(${table.buyerId}, '')`,
      sql`coalesce(${table.userGroupId}, '')`,
      sql`coalesce(${table.userId}, '')`,
    ),
  ],
);

/** Refresh tokens, stored hashed; each refresh rotates the token within its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').array().notNull(),
    /**
     * When the session began (the login the family descends from): a revocation refuses every
     * session that began at or before it. Rows older than this column get the migration's time,
     * later than their login but earlier than any revocation, since there were none before it.
     */
    sessionStartedAt: timestamptz('session_started_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family').on(table.familyId)],
);

/**
 * Buyers whose users may get tokens through an API client that does not allow any buyer
 * (`AllowAnyBuyer: false`). Suppliers are not supported.
 */
export const apiClientAssignments = pgTable(
  'api_client_assignments',
  {
    apiClientId: text('api_client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiClientId, table.buyerId] })],
);

/**
 * Per user: every token of a session that began at or before `revokedBefore` is refused
 * (`DELETE /me/tokens`, `DELETE /buyers/{id}/users/{id}/tokens`).
 */
export const tokenRevocations = pgTable(
  'token_revocations',
  {
    userId: text('user_id').primaryKey(),
    revokedBefore: timestamptz('revoked_before').notNull(),
    /** The `token-revocations` generation of the write: instances load only rows newer than they know. */
    generation: bigint('generation', { mode: 'number' }).notNull(),
  },
  (table) => [index('token_revocations_generation').on(table.generation)],
);

/**
 * Who may impersonate whom through which API client, and the profile whose roles an impersonation
 * token may carry. A null party matches anyone; a group is one of its buyer's groups.
 */
export const impersonationConfigs = pgTable(
  'impersonation_configs',
  {
    id: text('id').primaryKey(),
    impersonationBuyerId: text('impersonation_buyer_id'),
    impersonationGroupId: text('impersonation_group_id'),
    impersonationUserId: text('impersonation_user_id'),
    buyerId: text('buyer_id'),
    groupId: text('group_id'),
    userId: text('user_id'),
    // Restrict: a profile or client in use cannot be deleted (OrderCloud's codes, see the service).
    securityProfileId: text('security_profile_id')
      .notNull()
      .references(() => securityProfiles.id),
    clientId: text('client_id')
      .notNull()
      .references(() => apiClients.id),
  },
  (table) => [
    uniqueIndex('impersonation_configs_unique').on(
      table.clientId,
      table.securityProfileId,
      sql`coalesce(${table.impersonationBuyerId}, '')`,
      sql`coalesce(${table.impersonationGroupId}, '')`,
      sql`coalesce(${table.impersonationUserId}, '')`,
      sql`coalesce(${table.buyerId}, '')`,
      sql`coalesce(${table.groupId}, '')`,
      sql`coalesce(${table.userId}, '')`,
    ),
  ],
);

/** Failed password logins per username, so every instance throttles the same account. */
export const loginThrottles = pgTable('login_throttles', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
});
