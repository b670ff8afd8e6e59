import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { invalidRequest, notFoundError } from '../../shared/errors.ts';
import type { ListOptions } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UsersService } from '../users/service.ts';
import { findApiClientRow } from './api-client-repository.ts';
import {
  type ConfigParty,
  findConflictingConfig,
  type ImpersonationConfigRow,
  impersonationConfigList,
  impersonationProfiles,
} from './impersonation-repository.ts';
import { ImpersonationConfig } from './models.ts';
import { findProfileRow } from './profile-repository.ts';
import { impersonationConfigs } from './schema.ts';

type ConfigEntity = ImpersonationConfig & { ID: string };

const toConfig = (row: ImpersonationConfigRow): ConfigEntity => ({
  ID: row.id,
  ImpersonationBuyerID: row.impersonationBuyerId,
  ImpersonationGroupID: row.impersonationGroupId,
  ImpersonationUserID: row.impersonationUserId,
  BuyerID: row.buyerId,
  GroupID: row.groupId,
  UserID: row.userId,
  SecurityProfileID: row.securityProfileId,
  ClientID: row.clientId,
});

const toValues = (body: ImpersonationConfig): Omit<ImpersonationConfigRow, 'id'> => ({
  impersonationBuyerId: body.ImpersonationBuyerID ?? null,
  impersonationGroupId: body.ImpersonationGroupID ?? null,
  impersonationUserId: body.ImpersonationUserID ?? null,
  buyerId: body.BuyerID ?? null,
  groupId: body.GroupID ?? null,
  userId: body.UserID ?? null,
  securityProfileId: body.SecurityProfileID,
  clientId: body.ClientID,
});

/**
 * Impersonation configs (`/v1/impersonationconfig`): OrderCloud lets a user with BuyerImpersonation
 * impersonate only where such a config names the client, the impersonator's party and the target's
 * party; the config's security profile bounds the roles of the impersonation token.
 */
export class ImpersonationConfigs {
  readonly store: CrudStore<ImpersonationConfig, ConfigEntity>;

  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
  ) {
    this.store = new CrudStore(db, {
      objectType: 'ImpersonationConfig',
      table: impersonationConfigs,
      idColumn: impersonationConfigs.id,
      idKey: 'id',
      list: impersonationConfigList,
      schema: ImpersonationConfig,
      toEntity: (row) => toConfig(row as ImpersonationConfigRow),
      toValues: (body) => toValues(body),
    });
  }

  list(_context: PlatformContext, options: ListOptions) {
    return this.store.list(options);
  }

  get(_context: PlatformContext, id: string) {
    return this.store.get(id);
  }

  async create(context: PlatformContext, body: ImpersonationConfig) {
    await this.assertValid(context, body, undefined);
    return this.store.create(body);
  }

  /** PUT: creates or replaces, validated as a create. */
  async save(context: PlatformContext, id: string, body: ImpersonationConfig) {
    await this.assertValid(context, body, id);
    return this.store.save(id, body);
  }

  async patch(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.store.get(id);
    const merged = parseEntity(ImpersonationConfig, applyPatch(current, { ...patch, ID: id }));
    return this.save(context, id, merged);
  }

  delete(_context: PlatformContext, id: string) {
    return this.store.delete(id);
  }

  /** Roles and custom roles the configs grant `impersonator` over `target` through the client. */
  async granted(clientId: string, impersonator: ConfigParty, target: ConfigParty): Promise<Set<string>> {
    const profiles = await impersonationProfiles(this.db, clientId, impersonator, target);
    return new Set(profiles.flatMap((profile) => [...profile.roles, ...profile.customRoles]));
  }

  /** The profile, the client and every named party exist; a group needs its buyer. */
  private async assertValid(context: PlatformContext, body: ImpersonationConfig, id: string | undefined) {
    if (!(await findProfileRow(this.db, body.SecurityProfileID)))
      throw notFoundError('SecurityProfile', body.SecurityProfileID);
    if (!(await findApiClientRow(this.db, body.ClientID))) throw notFoundError('ApiClient', body.ClientID);
    await this.assertParty(context, 'Impersonation', {
      buyerId: body.ImpersonationBuyerID,
      groupId: body.ImpersonationGroupID,
      userId: body.ImpersonationUserID,
    });
    await this.assertParty(context, '', {
      buyerId: body.BuyerID,
      groupId: body.GroupID,
      userId: body.UserID,
    });
    if (await findConflictingConfig(this.db, toValues(body), id)) {
      throw new HttpError(
        409,
        'ImpersonationConfig.ConflictingImpersonationConfigExists',
        'An ImpersonationConfig already exists for this combination of ApiClient, SecurityProfile, Impersonator, and Impersonatee.',
      );
    }
  }

  private async assertParty(
    context: PlatformContext,
    prefix: '' | 'Impersonation',
    party: { buyerId?: string | null; groupId?: string | null; userId?: string | null },
  ): Promise<void> {
    if (party.groupId && !party.buyerId) throw invalidRequest(`${prefix}GroupID needs ${prefix}BuyerID.`);
    if (party.buyerId) await this.buyers.assertExists(party.buyerId);
    if (party.buyerId && party.groupId) await this.users.getGroup(context, party.buyerId, party.groupId);
    if (party.userId) {
      const user = await this.users.findLoginUserById(party.userId);
      // Only buyer users are impersonated; an impersonator may be an admin user.
      const fits =
        user && (party.buyerId ? user.buyerId === party.buyerId : prefix === 'Impersonation' || user.buyerId);
      if (!fits) throw notFoundError('User', party.userId);
    }
  }
}
