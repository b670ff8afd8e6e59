/**
 * Orders cancelled or declined on the platform (its post-hook webhook on `…/cancel` and
 * `…/decline`): the card payment is cancelled (or refunded when captured) and, when the order
 * reached the ERP, the ERP is told, in one transaction (outbox) with the record that makes every
 * redelivery a no-op. The jobs do the calls, so the webhook is acknowledged at once.
 */
import type { Database, RequestContext } from '@actuate/service-kit';
import type { ErpService } from '../erp/service.ts';
import type { MailService } from '../mail/service.ts';
import type { PaymentService } from '../payments/service.ts';
import { insertOrderCancellation } from './repository.ts';

/** Platform order statuses that end the order (docs/domain.md, Orders); Declined with AllowResubmit is Unsubmitted. */
const ENDED_STATUSES = new Set(['Canceled', 'Declined']);

export interface OrderCancelledEvent {
  Route: string;
  RouteParams: { direction: string; orderID: string };
  Verb: string;
  LogID?: string | null | undefined;
  Response?:
    | { Body?: { ID?: string | undefined; Status?: string | undefined } | null | undefined }
    | undefined;
}

export type OrderCancelledResult =
  | { outcome: 'accepted'; orderId: string; status: string }
  | { outcome: 'duplicate'; orderId: string }
  | { outcome: 'ignored'; orderId: string; reason: string };

export class OrderEventsService {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentService,
    private readonly erp: ErpService,
    private readonly mail: MailService,
  ) {}

  async orderCancelled(context: RequestContext, event: OrderCancelledEvent): Promise<OrderCancelledResult> {
    const orderId = event.RouteParams.orderID;
    // The platform's answer says where the order ended up (a declined order may go back to the cart).
    const status = event.Response?.Body?.Status ?? '';
    if (!ENDED_STATUSES.has(status)) {
      return { outcome: 'ignored', orderId, reason: `the order is ${status || 'of unknown status'}` };
    }
    const result = await this.db.transaction(async (tx): Promise<OrderCancelledResult> => {
      const isNew = await insertOrderCancellation(tx, {
        orderId,
        status,
        route: event.Route,
        logId: event.LogID ?? null,
        receivedAt: context.now,
      });
      if (!isNew) return { outcome: 'duplicate', orderId };
      await this.payments.enqueueModification(tx, { orderId, action: 'cancel' });
      await this.erp.enqueueCancellation(
        tx,
        orderId,
        status === 'Declined' ? 'Declined by the approver' : 'Cancelled in the web shop',
      );
      if (status === 'Declined') await this.mail.onOrderDeclined(tx, orderId);
      return { outcome: 'accepted', orderId, status };
    });
    context.log.info(result, 'order cancelled on the platform');
    return result;
  }
}
