/**
 * The sales items kept in step with the ERP: an `item.changed` callback (lifecycle per factory and
 * sales company, successor, stock, lead time) is copied onto the platform product by a job. The
 * integration is the only writer of these fields (the platform refuses them to anyone else).
 */
import type { Jobs, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { ErpCallbackBody } from '../erp/service.ts';
import { productFieldsOf } from './product-state.ts';

export const ITEM_SYNC_QUEUE = 'item-sync';

export interface ItemSyncJob {
  salesItemNumber: string;
}

export type ItemSyncOutcome = 'Synced' | 'UnknownItem' | 'NoProduct';

export class ItemSyncService {
  constructor(
    private readonly jobs: () => Jobs,
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A verified ERP callback, in the transaction that records it: enqueue the item's sync. */
  async onCallback(tx: Transaction, body: ErpCallbackBody): Promise<void> {
    if (body.type !== 'item.changed') return;
    const item = body.data.item as { salesItemNumber?: unknown } | undefined;
    if (typeof item?.salesItemNumber !== 'string') return;
    await this.jobs().enqueue(tx, ITEM_SYNC_QUEUE, {
      salesItemNumber: item.salesItemNumber,
    } satisfies ItemSyncJob);
  }

  /**
   * Copies the ERP item as it is now onto its platform product (ID = sales item number). Idempotent
   * and order-safe: it reads the current state, not the event's.
   */
  async syncItem(salesItemNumber: string, now = new Date()): Promise<ItemSyncOutcome> {
    const response = await this.backoffice.getItem(salesItemNumber);
    if (!response.ok && response.error.status === 404) return 'UnknownItem';
    if (!response.ok) throw new Error(`back office item ${salesItemNumber}: ${response.error.detail}`);
    const path = `/v1/products/${encodeURIComponent(salesItemNumber)}`;
    const fields = productFieldsOf(response.value, now);
    const patched = await this.platform.send('PATCH', path, fields);
    if (patched.status === 404) {
      this.log.info({ salesItemNumber }, 'ERP item has no platform product; nothing to sync');
      return 'NoProduct';
    }
    if (patched.status !== 200)
      throw new Error(
        `platform product ${salesItemNumber}: ${patched.status} ${JSON.stringify(patched.body)}`,
      );
    this.log.info(
      { salesItemNumber, productState: fields.xp.ProductState, stock: fields.Inventory.QuantityAvailable },
      'item synced',
    );
    return 'Synced';
  }
}
