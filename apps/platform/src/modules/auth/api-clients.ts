import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation, unlessReferenced } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notAuthorizedToAdmin, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import {
  type ApiClientRow,
  deleteApiClientAssignment,
  deleteApiClientRow,
  ensureApiClientRow,
  findApiClientRow,
  insertApiClientAssignment,
  insertApiClientRow,
  isApiClientAssigned,
  listApiClientAssignmentRows,
  listApiClientRows,
  updateApiClientRow,
} from './api-client-repository.ts';
import { type ApiClient, type ApiClientAssignment, ApiClient as ApiClientSchema } from './models.ts';
import { hashSecret } from './tokens.ts';

const toApiClient = (row: ApiClientRow) => ({
  ID: row.id,
  AppName: row.appName,
  Active: row.active,
  AllowAnyBuyer: row.allowAnyBuyer,
  AllowSeller: row.allowSeller,
  IsAnonBuyer: row.isAnonBuyer,
  DefaultContextUserName: row.defaultContextUserId,
  AccessTokenDuration: row.accessTokenMinutes,
  RefreshTokenDuration: row.refreshTokenMinutes,
  OrderCheckoutIntegrationEventID: row.orderCheckoutIntegrationEventId,
  xp: row.xp,
});

/** Users of the buyer may use the client: it allows any buyer, or the buyer is assigned to it. */
export async function clientServesBuyer(
  db: Database,
  client: ApiClientRow,
  buyerId: string,
): Promise<boolean> {
  return client.allowAnyBuyer || isApiClientAssigned(db, client.id, buyerId);
}

/** `/v1/apiclients` and the buyers served by a client without AllowAnyBuyer (`/v1/apiclients/assignments`). */
export class ApiClients {
  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
  ) {}

  async list(_context: PlatformContext, options: ListOptions) {
    const { rows, totalCount } = await listApiClientRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toApiClient) };
  }

  async get(_context: PlatformContext, id: string) {
    const row = await findApiClientRow(this.db, id);
    if (!row) throw notFoundError('ApiClient', id);
    return toApiClient(row);
  }

  async create(_context: PlatformContext, body: ApiClient) {
    const id = body.ID ?? newId();
    try {
      return toApiClient(await insertApiClientRow(this.db, { id, ...this.valuesOf(body) }));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('ApiClient', id);
      throw error;
    }
  }

  /** PUT: creates the client or replaces its settings, validated as a create. */
  async save(context: PlatformContext, id: string, body: ApiClient) {
    const row = await findApiClientRow(this.db, id);
    if (!row) return this.create(context, { ...body, ID: id });
    return this.update(context, row, body);
  }

  /** PATCH: settings of a client, e.g. linking the storefront's client to the checkout integration. */
  async patch(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const row = await findApiClientRow(this.db, id);
    if (!row) throw notFoundError('ApiClient', id);
    const merged = parseEntity(ApiClientSchema, applyPatch(toApiClient(row), patch));
    return this.update(context, row, merged);
  }

  private async update(context: PlatformContext, row: ApiClientRow, body: ApiClient) {
    const updated = await updateApiClientRow(this.db, row.id, this.valuesOf(body, row.secretHash));
    context.log.info({ apiClient: row.id }, 'API client updated');
    return toApiClient(updated as ApiClientRow);
  }

  /** The checkout integration event linked to an API client, if any. */
  async checkoutEventIdOf(clientId: string): Promise<string | undefined> {
    return (await findApiClientRow(this.db, clientId))?.orderCheckoutIntegrationEventId ?? undefined;
  }

  async delete(_context: PlatformContext, id: string): Promise<void> {
    const deleted = await unlessReferenced(
      deleteApiClientRow(this.db, id),
      () =>
        new HttpError(
          409,
          'ApiClient.UsedByImpersonationConfig',
          'Cannot delete API Client used by an impersonation config.',
        ),
    );
    if (!deleted) throw notFoundError('ApiClient', id);
  }

  /**
   * A built-in client, created on first start. Later starts change only its secret (it follows the
   * settings), so what an operator set on it (a checkout integration, durations, xp) survives restarts.
   */
  async ensure(body: ApiClient & { ID: string }): Promise<void> {
    const values = this.valuesOf(body);
    await ensureApiClientRow(
      this.db,
      { id: body.ID, ...values },
      body.ClientSecret === undefined ? {} : { secretHash: values.secretHash },
    );
  }

  /**
   * Column values of a client. The secret is write-only (never read back, so a client cannot send it
   * again): a body without `ClientSecret` keeps `currentSecretHash`, and `null` removes the secret
   * (our choice: OrderCloud's documentation does not say how a secret is removed).
   */
  private valuesOf(body: ApiClient, currentSecretHash: string | null = null) {
    return {
      appName: body.AppName,
      secretHash:
        body.ClientSecret === undefined
          ? currentSecretHash
          : body.ClientSecret === null
            ? null
            : hashSecret(body.ClientSecret),
      active: body.Active,
      allowAnyBuyer: body.AllowAnyBuyer,
      allowSeller: body.AllowSeller,
      isAnonBuyer: body.IsAnonBuyer,
      defaultContextUserId: body.DefaultContextUserName ?? null,
      accessTokenMinutes: body.AccessTokenDuration,
      refreshTokenMinutes: body.RefreshTokenDuration,
      orderCheckoutIntegrationEventId: body.OrderCheckoutIntegrationEventID ?? null,
      xp: body.xp ?? {},
    };
  }

  // --- assignments (buyers served by a client without AllowAnyBuyer) ------------------------------

  async listAssignments(
    _context: PlatformContext,
    filter: {
      apiClientId?: string | undefined;
      buyerId?: string | undefined;
      supplierId?: string | undefined;
    },
    options: ListOptions,
  ): Promise<ListPage<ApiClientAssignment & { SupplierID: null }>> {
    // Suppliers are not supported: nothing is assigned to one.
    if (filter.supplierId) return { Meta: listMeta(options, 0, 0), Items: [] };
    const { rows, totalCount } = await listApiClientAssignmentRows(this.db, filter, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({ ApiClientID: row.apiClientId, BuyerID: row.buyerId, SupplierID: null })),
    };
  }

  async saveAssignment(context: PlatformContext, body: ApiClientAssignment): Promise<void> {
    await this.get(context, body.ApiClientID);
    if (body.SupplierID) throw invalidRequest('Suppliers are not supported.');
    if (!body.BuyerID) throw invalidRequest('BuyerID is required.');
    await this.buyers.assertExists(body.BuyerID);
    await insertApiClientAssignment(this.db, { apiClientId: body.ApiClientID, buyerId: body.BuyerID });
  }

  async deleteAssignment(context: PlatformContext, buyerId: string, apiClientId: string) {
    // The route lives under /buyers/{buyerID}, which buyer users reach; API clients are the marketplace's.
    if (context.caller.type !== 'admin') {
      throw notAuthorizedToAdmin('API client assignments are managed by marketplace users only.');
    }
    if (!(await deleteApiClientAssignment(this.db, { apiClientId, buyerId }))) {
      throw notFoundError('ApiClientAssignment', `${buyerId}/${apiClientId}`);
    }
  }
}
