import type { Database } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';
import { notFoundError } from '../../shared/errors.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UsersService } from '../users/service.ts';
import { type SubscriptionEntity, toSubscription } from './entities.ts';
import * as repository from './repository.ts';

/** Who may act on subscriptions: an admin on any, a buyer user (`/me`) on their own. */
export type Scope = 'admin' | 'me';

/** What a run needs of a request context: the clock and a logger. */
export type RunBase = { now: Date; log: FastifyBaseLogger; requestId: string };

/** The read core the subscription services share: which subscription a caller sees, as an entity. */
export class SubscriptionAccess {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
  ) {}

  private async notificationDays(): Promise<number> {
    return (await repository.findIntegration(this.db))?.notificationDays ?? 0;
  }

  async entities(rows: repository.SubscriptionRow[]): Promise<SubscriptionEntity[]> {
    const days = await this.notificationDays();
    const projected = new Map<string, { total: number; currency: string }>();
    for (const row of rows) {
      const items = await repository.allItems(this.db, row.id);
      const first = items[0];
      if (first)
        projected.set(row.id, {
          total: items.reduce((sum, item) => sum + item.lineSubtotal, 0),
          currency: first.currency,
        });
    }
    return rows.map((row) => toSubscription(row, projected.get(row.id), days));
  }

  async entity(row: repository.SubscriptionRow): Promise<SubscriptionEntity> {
    return (await this.entities([row]))[0] as SubscriptionEntity;
  }

  /** The subscription an order came from, as the order's worksheet shows it. */
  async forWorksheet(id: string): Promise<SubscriptionEntity | null> {
    const row = await repository.findSubscription(this.db, id);
    return row ? await this.entity(row) : null;
  }

  /** The subscription's user as a request context: what they see, in their currency. */
  async ownerContext(base: RunBase, row: repository.SubscriptionRow): Promise<PlatformContext> {
    const user = await this.users.findLoginUserById(row.fromUserId);
    if (!user || user.buyerId !== row.fromCompanyId) throw notFoundError('User', row.fromUserId);
    const currency = user.currency ?? (await this.buyers.currencyOf(row.fromCompanyId)) ?? 'EUR';
    return {
      requestId: base.requestId,
      log: base.log,
      now: base.now,
      caller: {
        userId: user.id,
        username: user.username,
        type: 'buyer',
        buyerId: row.fromCompanyId,
        clientId: row.apiClientId ?? 'subscriptions',
        roles: new Set(['Shopper']),
      },
      accessToken: '',
      currency,
      locale: user.language,
    };
  }

  /** The subscription's row if the caller may act on it in `scope`, else NotFound. */
  async row(context: PlatformContext, scope: Scope, id: string): Promise<repository.SubscriptionRow> {
    const row = await repository.findSubscription(this.db, id);
    if (!row || (scope === 'me' && row.fromUserId !== context.caller.userId))
      throw notFoundError('Subscription', id);
    return row;
  }
}
