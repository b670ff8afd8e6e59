import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { toIntegration } from './entities.ts';
import { SubscriptionIntegrationBody } from './models.ts';
import * as repository from './repository.ts';

/** The marketplace's one SubscriptionIntegration: where runs are reported, signed with its HashKey. */
export class SubscriptionIntegrationService {
  constructor(
    private readonly db: Database,
    /** The checkout integration event of an API client (an integration client must not have one). */
    private readonly checkoutEventIdOf: (clientId: string) => Promise<string | undefined>,
  ) {}

  async get(_context: PlatformContext) {
    const row = await repository.findIntegration(this.db);
    if (!row) throw notFoundError('SubscriptionIntegration', repository.INTEGRATION_ROW_ID);
    return toIntegration(row);
  }

  async save(_context: PlatformContext, body: SubscriptionIntegrationBody) {
    if (body.ApiClientID && (await this.checkoutEventIdOf(body.ApiClientID))) {
      // OrderCloud: the integration cannot use an API client that has an OrderCheckout integration event.
      throw new HttpError(
        400,
        'SubscriptionIntegration.ApiClientHasCheckoutIntegration',
        'The subscription integration cannot use an API client that has an OrderCheckout integration event.',
        { ApiClientID: body.ApiClientID },
      );
    }
    const row = await repository.saveIntegration(this.db, {
      apiClientId: body.ApiClientID ?? null,
      url: body.Url,
      hashKey: body.HashKey,
      notificationDays: body.NotificationDays ?? 0,
      active: body.Active,
      elevatedRoles: body.ElevatedRoles ?? [],
      customAuthHeaderName: body.CustomAuthHeaderName ?? null,
      customAuthHeaderValue: body.CustomAuthHeaderValue ?? null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    });
    return toIntegration(row);
  }

  /**
   * At every start when the middleware is wired (like the checkout integration): Url, HashKey and
   * ApiClientID follow the settings; the other fields stay as they were set.
   */
  async ensure(body: { Url: string; HashKey: string; ApiClientID: string }): Promise<void> {
    const existing = await repository.findIntegration(this.db);
    if (existing && existing.url === body.Url && existing.hashKey === body.HashKey) return;
    await repository.saveIntegration(this.db, {
      apiClientId: body.ApiClientID,
      url: body.Url,
      hashKey: body.HashKey,
      notificationDays: existing?.notificationDays ?? 0,
      active: existing?.active ?? true,
      elevatedRoles: existing?.elevatedRoles ?? [],
      customAuthHeaderName: existing?.customAuthHeaderName ?? null,
      customAuthHeaderValue: existing?.customAuthHeaderValue ?? null,
      xp: existing?.xp ?? {},
    });
  }

  async patch(context: PlatformContext, patch: Record<string, unknown>) {
    const current = await this.get(context);
    return this.save(context, parseEntity(SubscriptionIntegrationBody, applyPatch(current, patch)));
  }

  async delete(_context: PlatformContext): Promise<void> {
    if (!(await repository.deleteIntegration(this.db)))
      throw notFoundError('SubscriptionIntegration', repository.INTEGRATION_ROW_ID);
  }
}
