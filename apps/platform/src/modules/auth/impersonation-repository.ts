import type { Executor } from '@actuate/service-kit';
import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { equalsOrNull } from '../../shared/party-assignments.ts';
import type { SecurityProfileRow } from './profile-repository.ts';
import { impersonationConfigs, securityProfiles } from './schema.ts';

// The SQL of impersonation configs and of the roles they grant.

export type ImpersonationConfigRow = typeof impersonationConfigs.$inferSelect;

export const impersonationConfigList: ListDefinition = {
  fields: {
    ID: { column: impersonationConfigs.id, type: 'text' },
    ClientID: { column: impersonationConfigs.clientId, type: 'text' },
    SecurityProfileID: { column: impersonationConfigs.securityProfileId, type: 'text' },
    ImpersonationBuyerID: { column: impersonationConfigs.impersonationBuyerId, type: 'text' },
    ImpersonationGroupID: { column: impersonationConfigs.impersonationGroupId, type: 'text' },
    ImpersonationUserID: { column: impersonationConfigs.impersonationUserId, type: 'text' },
    BuyerID: { column: impersonationConfigs.buyerId, type: 'text' },
    GroupID: { column: impersonationConfigs.groupId, type: 'text' },
    UserID: { column: impersonationConfigs.userId, type: 'text' },
  },
  searchOn: ['ID'],
  defaultSort: ['ID'],
};

/** Another config with the same client, profile and parties (OrderCloud allows one). */
export async function findConflictingConfig(
  db: Executor,
  config: Omit<ImpersonationConfigRow, 'id'>,
  exceptId: string | undefined,
): Promise<ImpersonationConfigRow | undefined> {
  const c = impersonationConfigs;
  const [row] = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.clientId, config.clientId),
        eq(c.securityProfileId, config.securityProfileId),
        equalsOrNull(c.impersonationBuyerId, config.impersonationBuyerId),
        equalsOrNull(c.impersonationGroupId, config.impersonationGroupId),
        equalsOrNull(c.impersonationUserId, config.impersonationUserId),
        equalsOrNull(c.buyerId, config.buyerId),
        equalsOrNull(c.groupId, config.groupId),
        equalsOrNull(c.userId, config.userId),
        exceptId ? ne(c.id, exceptId) : undefined,
      ),
    );
  return row;
}

/** A user as a party of an impersonation config: their company (none for admin users) and groups. */
export interface ConfigParty {
  userId: string;
  buyerId: string | null;
  groupIds: readonly string[];
}

/** A null party column matches anyone; otherwise it must name the user, their company or a group of theirs. */
function partyMatches(
  columns: { buyer: AnyPgColumn; group: AnyPgColumn; user: AnyPgColumn },
  party: ConfigParty,
) {
  const anyOr = (column: AnyPgColumn, match: SQL | undefined) =>
    match ? or(isNull(column), match) : isNull(column);
  return and(
    anyOr(columns.buyer, party.buyerId === null ? undefined : eq(columns.buyer, party.buyerId)),
    anyOr(columns.group, party.groupIds.length > 0 ? inArray(columns.group, [...party.groupIds]) : undefined),
    anyOr(columns.user, eq(columns.user, party.userId)),
  );
}

/** The profiles of the configs letting `impersonator` impersonate `target` through `clientId`. */
export function impersonationProfiles(
  db: Executor,
  clientId: string,
  impersonator: ConfigParty,
  target: ConfigParty,
): Promise<Pick<SecurityProfileRow, 'roles' | 'customRoles'>[]> {
  const c = impersonationConfigs;
  return db
    .select({ roles: securityProfiles.roles, customRoles: securityProfiles.customRoles })
    .from(c)
    .innerJoin(securityProfiles, eq(securityProfiles.id, c.securityProfileId))
    .where(
      and(
        eq(c.clientId, clientId),
        partyMatches(
          { buyer: c.impersonationBuyerId, group: c.impersonationGroupId, user: c.impersonationUserId },
          impersonator,
        ),
        partyMatches({ buyer: c.buyerId, group: c.groupId, user: c.userId }, target),
      ),
    );
}
