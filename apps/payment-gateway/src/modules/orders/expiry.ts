import type { Jobs } from '@actuate/service-kit';
import type { MerchantService } from '../merchants/service.ts';
import type { OrderClosing } from './closing.ts';
import { findOrder } from './repository.ts';
import type { OrderExpiryScheduler } from './service.ts';

const ORDER_EXPIRY_QUEUE = 'payment-order-expiry';

interface OrderExpiryJob {
  merchantAccount: string;
  pspReference: string;
}

export function orderExpiryScheduler(jobs: () => Jobs): OrderExpiryScheduler {
  return (tx, merchantAccount, order) =>
    jobs().enqueue(
      tx,
      ORDER_EXPIRY_QUEUE,
      { merchantAccount, pspReference: order.pspReference } satisfies OrderExpiryJob,
      { startAfter: order.expiresAt, singletonKey: order.pspReference },
    );
}

/**
 * Closes an order still open at its expiresAt (payments rolled back, ORDER_CLOSED false) without
 * waiting for a read; every read closes a lapsed order too, whichever comes first wins.
 */
export async function startOrderExpiryWorker(
  jobs: Jobs,
  deps: { closing: OrderClosing; merchants: MerchantService; db: Parameters<typeof findOrder>[0] },
  pollingIntervalSeconds: number,
) {
  await jobs.register<OrderExpiryJob>(
    {
      name: ORDER_EXPIRY_QUEUE,
      handle: async (job) => {
        const merchant = await deps.merchants.findMerchant(job.data.merchantAccount);
        const order = merchant && (await findOrder(deps.db, merchant.account, job.data.pspReference));
        if (!merchant || !order) return;
        const current = await deps.closing.current(merchant, order, new Date());
        // The job's clock ran ahead of the gateway's: retried later, once the order has lapsed.
        if (current.status === 'open') throw new Error(`order ${order.pspReference} has not lapsed yet`);
      },
    },
    pollingIntervalSeconds,
  );
}
