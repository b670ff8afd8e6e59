/**
 * ERP submission and status feed: a job per order, enqueued in the transaction that records
 * the OrderSubmit / OrderApproved event (outbox), sends the order to the back office (idempotent by
 * order id there) and stores the result; the ERP's signed callbacks move WebShopStatus.
 */
import { OrderWorksheet } from '@actuate/contracts';
import { type Database, type Jobs, notFound, type Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CustomerDirectory } from '../../shared/customers.ts';
import type { CheckoutEventRow } from '../checkout-integration/repository.ts';
import type { CheckoutIntegrationService } from '../checkout-integration/service.ts';
import { ErpPlatformSync } from './platform-sync.ts';
import {
  countAttempt,
  type ErpSubmissionRow,
  findSubmission,
  insertCallback,
  markPending,
  newerCallbackExists,
  statusCallbackExists,
  submissionsAwaitingAddress,
  updateSubmission,
} from './repository.ts';
import { salesOrderOf } from './sales-order.ts';

export const ERP_SUBMISSION_QUEUE = 'erp-submission';
export const PLATFORM_SHIPMENT_QUEUE = 'platform-shipment';
/** Job per order cancelled on the platform: cancel its sales order in the ERP. */
export const ERP_CANCELLATION_QUEUE = 'erp-cancellation';

export interface ErpCancellationJob {
  orderId: string;
  reason: string;
}

/** What cancelling an order in the ERP came to. */
export type ErpCancellation =
  | { outcome: 'cancelled'; orderNumber: string }
  | { outcome: 'not-in-erp' }
  | { outcome: 'not-cancellable'; orderNumber: string; status: string | null };

/** A shipment the ERP reported, to be created on the platform. */
export interface ErpShipment {
  erpShipmentId: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  containerIds?: string[] | null;
  shippedAt?: string | null;
  /** What the carrier charges, in minor units of `currency`. */
  cost?: number | null;
  currency?: string | null;
  deliveredAt?: string | null;
  lines?: { webShopLineItemId?: string | null; quantity: number }[];
}

export interface PlatformShipmentJob {
  orderId: string;
  /** The sales order's status the shipment came with (Shipped: the last one). */
  status: string;
  shipment: ErpShipment;
}
/** The invoice an `Invoiced` status comes with (amounts in minor units). */
export interface ErpInvoice {
  invoiceNumber: string;
  currency: string;
  totalAmount: number;
  invoiceEmail?: string | null;
  dueDate?: string | null;
}
const isInvoice = (value: unknown): value is ErpInvoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErpInvoice).invoiceNumber === 'string' &&
  typeof (value as ErpInvoice).currency === 'string' &&
  typeof (value as ErpInvoice).totalAmount === 'number';

const isShipment = (value: unknown): value is ErpShipment =>
  typeof value === 'object' && value !== null && typeof (value as ErpShipment).erpShipmentId === 'string';

/** The shipments of a callback's sales-order snapshot (undefined when it has none). */
function shipmentsOfSnapshot(salesOrder: unknown): ErpShipment[] | undefined {
  const shipments = (salesOrder as { shipments?: unknown } | null | undefined)?.shipments;
  return Array.isArray(shipments) ? shipments.filter(isShipment) : undefined;
}

/** Events that send the order to the ERP; OrderSubmitForApproval waits for OrderApproved. */
const SUBMITTING_EVENTS = new Set(['OrderSubmit', 'OrderApproved']);

export interface ErpSubmissionJob {
  orderId: string;
  eventId: string;
}

export interface ErpLineResult {
  LineItemID: string;
  ErpLineNumber: number | null;
  ErpSubmissionIssue: string | null;
}

export interface ErpCallbackBody {
  eventId: string;
  type: string;
  subject: string;
  sequence?: number | undefined;
  data: Record<string, unknown>;
}

/** A new status of a sales order, with the shipment it came with and the order's earlier shipments. */
export interface OrderStatusChange {
  status: string;
  shipment: ErpShipment | undefined;
  earlierShipments: ErpShipment[];
  /** The invoice the status came with (`Invoiced`). */
  invoice?: ErpInvoice | undefined;
  /** `Shipped` because the ERP completed the order short: the unshipped rest never ships. */
  completedShort?: boolean;
  /** Every shipment of the sales order, as the callback's snapshot lists them. */
  salesOrderShipments?: ErpShipment[] | undefined;
}

/** Work that follows a new status callback, in its transaction (e.g. capture on shipment). */
export type OrderStatusListener = (
  tx: Transaction,
  orderId: string,
  change: OrderStatusChange,
) => Promise<void>;

/**
 * An order waits for the shop address the ERP does not know yet: the listener (address sync) sends
 * the address, in the transaction that records the wait (outbox).
 */
export type AwaitingAddressListener = (
  tx: Transaction,
  address: { buyerId: string; addressId: string },
) => Promise<void>;

/** Work that follows any other new callback (registration, customer), in its transaction. */
export type CallbackListener = (tx: Transaction, body: ErpCallbackBody) => Promise<void>;

export class ErpService {
  private readonly statusListeners: OrderStatusListener[] = [];
  private readonly callbackListeners: CallbackListener[] = [];
  private readonly awaitingAddressListeners: AwaitingAddressListener[] = [];
  private readonly platformSync: ErpPlatformSync;

  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly checkout: CheckoutIntegrationService,
    private readonly customers: CustomerDirectory,
    platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly log: FastifyBaseLogger,
  ) {
    this.platformSync = new ErpPlatformSync(db, platform, log);
  }

  onStatusChange(listener: OrderStatusListener): void {
    this.statusListeners.push(listener);
  }

  /** Callbacks other than sales-order status changes (`registration.completed`, `customer.updated`). */
  onCallback(listener: CallbackListener): void {
    this.callbackListeners.push(listener);
  }

  onAwaitingAddress(listener: AwaitingAddressListener): void {
    this.awaitingAddressListeners.push(listener);
  }

  /**
   * The shop address now has its ERP id: every order waiting for it is submitted again (outbox, one
   * job per order; markPending moves it out of AwaitingAddress, so a second call finds none).
   */
  async resumeAwaitingAddress(tx: Transaction, addressId: string): Promise<string[]> {
    const waiting = await submissionsAwaitingAddress(tx, addressId);
    for (const row of waiting) await this.enqueue(tx, row.orderId, row.eventId);
    if (waiting.length > 0)
      this.log.info({ addressId, orders: waiting.map((row) => row.orderId) }, 'orders resumed');
    return waiting.map((row) => row.orderId);
  }

  /** Checkout listener: in the event's own transaction, mark the order pending and enqueue its job. */
  async onCheckoutEvent(tx: Transaction, event: CheckoutEventRow): Promise<void> {
    if (!SUBMITTING_EVENTS.has(event.eventType)) return;
    await this.enqueue(tx, event.orderId, event.id);
  }

  private async enqueue(tx: Transaction | Database, orderId: string, eventId: string): Promise<void> {
    await markPending(tx, orderId, eventId);
    await this.jobs().enqueue(tx, ERP_SUBMISSION_QUEUE, { orderId, eventId } satisfies ErpSubmissionJob);
  }

  /** Re-submits the order's latest submit/approval (after its cause was fixed). */
  async resubmit(orderId: string): Promise<ErpSubmissionRow> {
    const event = await this.checkout.latestSubmittableEvent(orderId);
    if (!event) throw notFound('order-not-submitted', `Order ${orderId} was never submitted.`);
    await this.db.transaction((tx) => this.enqueue(tx, orderId, event.id));
    const row = await findSubmission(this.db, orderId);
    if (!row) throw new Error('submission row missing after enqueue');
    return row;
  }

  submission(orderId: string): Promise<ErpSubmissionRow | undefined> {
    return findSubmission(this.db, orderId);
  }

  /**
   * The job: idempotent (the ERP keys sales orders by order id). A transient failure throws, so the
   * job is retried with back-off; a business refusal is stored on the order, visible, until re-submitted.
   */
  async handleJob(job: ErpSubmissionJob): Promise<void> {
    const current = await findSubmission(this.db, job.orderId);
    // A later event superseded this job; its own job will run.
    if (current && current.eventId !== job.eventId) return;
    const event = await this.checkout.event(job.eventId);
    if (!event) throw new Error(`checkout event ${job.eventId} not found`);
    try {
      const { webShopStatus, ...result } = await this.submit(event);
      await this.db.transaction(async (tx) => {
        await findSubmission(tx, job.orderId, { forUpdate: true });
        // The ERP's status callbacks can overtake its answer; the status they set is the newer one.
        const keepStatus = await statusCallbackExists(tx, job.orderId);
        await updateSubmission(tx, job.orderId, {
          ...result,
          ...(keepStatus ? {} : { webShopStatus }),
          lastError: null,
        });
        if (result.state === 'AwaitingAddress' && result.awaitingAddressId) {
          const buyerId = OrderWorksheet.parse(event.worksheet).Order.FromCompanyID ?? '';
          const address = { buyerId, addressId: result.awaitingAddressId };
          for (const listener of this.awaitingAddressListeners) await listener(tx, address);
        }
      });
      await countAttempt(this.db, job.orderId, null);
      await this.platformSync.syncToPlatform(job.orderId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await countAttempt(this.db, job.orderId, message);
      throw error;
    }
  }

  private async submit(event: CheckoutEventRow): Promise<Partial<ErpSubmissionRow>> {
    const worksheet = OrderWorksheet.parse(event.worksheet);
    const order = worksheet.Order;
    const company = await this.customers.company(order.FromCompanyID).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw error;
      return null;
    });
    if (!company) return issue('MissingCustomer', 'The ordering company is unknown or has no ERP id.');
    const salesOrder = salesOrderOf(worksheet, company);
    if (!salesOrder.ok) return issue(salesOrder.error.code, salesOrder.error.message);
    const response = await this.backoffice.submitSalesOrder(salesOrder.value);
    if (!response.ok) {
      return { ...issue('Error', `The ERP refused the order: ${response.error.detail}`), state: 'Issue' };
    }
    const answer = response.value;
    const shipTo = salesOrder.value.deliveryAddress as { webShopAddressId: string | null };
    if (answer.erpSubmissionIssue === 'MissingDeliveryAddress' && shipTo.webShopAddressId) {
      // A shop address the ERP has not received yet: the order waits for it instead of failing.
      return {
        state: 'AwaitingAddress',
        awaitingAddressId: shipTo.webShopAddressId,
        outcome: 'AwaitingDeliveryAddress',
        erpSubmissionIssue: 'None',
        webShopStatus: 'Submitted',
        message: 'Waiting for the ERP to register the delivery address.',
        lines: [],
      };
    }
    return {
      state: answer.outcome === 'Refused' ? 'Issue' : 'Submitted',
      outcome: answer.outcome,
      orderNumber: answer.orderNumber,
      webShopStatus: answer.webShopStatus,
      salesCompanyId: answer.salesCompanyId ?? company.salesCompanyId,
      erpSubmissionIssue: answer.erpSubmissionIssue,
      message: answer.message ?? null,
      lines: answer.lines.map(
        (line): ErpLineResult => ({
          LineItemID: line.webShopLineItemId,
          ErpLineNumber: line.erpLineNumber,
          ErpSubmissionIssue: line.issue,
        }),
      ),
    };
  }

  /**
   * The job: the ERP's shipment as a platform shipment (ID = ERP shipment id; ErpShipmentId,
   * ErpContainerIds, TrackingUrl in xp) with its items. The last shipment completes the order.
   */
  createPlatformShipment(job: PlatformShipmentJob): Promise<void> {
    return this.platformSync.createShipment(job);
  }

  /** In the caller's transaction (outbox): the ERP will be told the order is cancelled. */
  async enqueueCancellation(tx: Transaction, orderId: string, reason: string): Promise<void> {
    await this.jobs().enqueue(tx, ERP_CANCELLATION_QUEUE, { orderId, reason } satisfies ErpCancellationJob);
  }

  /**
   * The job: cancels the order's sales order in the ERP and shows WebShopStatus Cancelled on the
   * platform, as the status feed would. An order never sent (or refused) has nothing to cancel; one
   * still being submitted throws, so the job retries once the ERP has it. Idempotent: an order the
   * ERP has cancelled already counts as cancelled. The ERP's own Cancelled callback that follows
   * only moves WebShopStatus and asks for the (deduplicated) payment cancellation: nothing cancels
   * on the platform again, so there is no loop.
   */
  async cancelInErp(job: ErpCancellationJob): Promise<ErpCancellation> {
    const row = await findSubmission(this.db, job.orderId);
    if (row?.state === 'Pending') throw new Error(`order ${job.orderId} is still being submitted to the ERP`);
    if (!row?.orderNumber) return { outcome: 'not-in-erp' };
    const orderNumber = row.orderNumber;
    const { httpStatus, status } = await this.backoffice.cancelSalesOrder(orderNumber, job.reason);
    // 409: the sales order is past cancelling, or cancelled already (its status says which).
    if (httpStatus === 409 && status !== 'Cancelled') {
      this.log.warn(
        { orderId: job.orderId, orderNumber, status },
        'the ERP cannot cancel the order any more',
      );
      return { outcome: 'not-cancellable', orderNumber, status };
    }
    await updateSubmission(this.db, job.orderId, { webShopStatus: 'Cancelled' });
    await this.platformSync.syncToPlatform(job.orderId);
    return { outcome: 'cancelled', orderNumber };
  }

  /** The ERP's delivered shipment replaces the one kept, and the platform shipment gets its date. */
  private async recordDelivery(tx: Transaction, orderId: string, shipment: unknown): Promise<void> {
    if (!isShipment(shipment)) return;
    const row = await findSubmission(tx, orderId, { forUpdate: true });
    if (!row) return;
    const kept = Array.isArray(row.shipments) ? (row.shipments as ErpShipment[]) : [];
    await updateSubmission(tx, orderId, {
      shipments: kept.map((entry) => (entry.erpShipmentId === shipment.erpShipmentId ? shipment : entry)),
    });
    await this.jobs().enqueue(tx, PLATFORM_SHIPMENT_QUEUE, {
      orderId,
      status: 'ShipmentDelivered',
      shipment,
    } satisfies PlatformShipmentJob);
  }

  /** A verified callback: recorded once per event id; a status change moves WebShopStatus. */
  async receiveCallback(body: ErpCallbackBody): Promise<{ duplicate: boolean }> {
    const data = body.data ?? {};
    const orderId = typeof data.webShopOrderId === 'string' ? data.webShopOrderId : null;
    const isNew = await this.db.transaction(async (tx) => {
      const inserted = await insertCallback(tx, {
        eventId: body.eventId,
        type: body.type,
        subject: body.subject,
        sequence: body.sequence ?? null,
        orderId,
        body,
      });
      if (inserted && body.type !== 'sales-order.status-changed') {
        for (const listener of this.callbackListeners) await listener(tx, body);
      }
      if (inserted && body.type === 'sales-order.shipment-delivered' && orderId) {
        await this.recordDelivery(tx, orderId, data.shipment);
      }
      if (!inserted || body.type !== 'sales-order.status-changed' || !orderId) return inserted;
      // Locked before the staleness check, so concurrent callbacks of the order apply one after another.
      const row = await findSubmission(tx, orderId, { forUpdate: true });
      const earlierShipments = Array.isArray(row?.shipments) ? (row.shipments as ErpShipment[]) : [];
      if (typeof data.status === 'string') {
        const shipment = isShipment(data.shipment) ? data.shipment : undefined;
        const invoice = isInvoice(data.invoice) ? data.invoice : undefined;
        const change = {
          status: data.status,
          shipment,
          earlierShipments,
          invoice,
          completedShort: data.completedShort === true,
          salesOrderShipments: shipmentsOfSnapshot(data.salesOrder),
        };
        for (const listener of this.statusListeners) await listener(tx, orderId, change);
      }
      if (!row) return inserted;
      // Events of a subject come in sequence, but a late delivery (a redelivery, a slow first attempt)
      // must not move the status back: a newer event of the subject was applied already.
      const stale =
        body.sequence !== undefined &&
        (await newerCallbackExists(tx, body.subject, body.sequence, body.eventId));
      const shipments: unknown[] = [...earlierShipments];
      if (data.shipment && typeof data.shipment === 'object') {
        shipments.push(data.shipment);
        // The platform gets the shipment (with its lines) by a job, in this transaction (outbox).
        await this.jobs().enqueue(tx, PLATFORM_SHIPMENT_QUEUE, {
          orderId,
          status: typeof data.status === 'string' ? data.status : '',
          shipment: data.shipment as ErpShipment,
        } satisfies PlatformShipmentJob);
      }
      await updateSubmission(tx, orderId, {
        webShopStatus: !stale && typeof data.status === 'string' ? data.status : row.webShopStatus,
        confirmedShippingDate:
          !stale && typeof data.confirmedShippingDate === 'string'
            ? data.confirmedShippingDate
            : row.confirmedShippingDate,
        shipments,
        ...(typeof data.orderNumber === 'string' ? { orderNumber: data.orderNumber } : {}),
      });
      return inserted;
    });
    if (isNew && orderId && body.type === 'sales-order.status-changed') {
      await this.platformSync
        .syncToPlatform(orderId)
        .catch((error: unknown) =>
          this.log.warn({ err: error, orderId }, 'platform sync after callback failed'),
        );
    }
    return { duplicate: !isNew };
  }
}

function issue(code: string, message: string): Partial<ErpSubmissionRow> {
  return {
    state: 'Issue',
    outcome: 'Refused',
    erpSubmissionIssue: code,
    message,
    webShopStatus: 'Submitted',
  };
}
