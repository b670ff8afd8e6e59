/**
 * Money that moves after an order is placed: a capture per shipment for what it ships, a release of
 * the uncaptured rest when the ERP completes the order short, a cancellation (a refund once captured)
 * when the order is cancelled — also of an authorisation that arrives after the cancel. Each runs as an outbox job; each gateway call carries an Idempotency-Key derived from the
 * payment and the cause, so a retried job never moves money twice.
 */
import { type LineItem, type Order, toMinorUnits } from '@actuate/contracts';
import type { Database, Jobs, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGatewayClient } from '../../clients/payment-gateway-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { ENDING_CODES } from './payment-state.ts';
import { insertCancellation, isCancellationRequested, notificationsOfOrder } from './repository.ts';
import { shipmentCaptureValue } from './shipment-capture.ts';

/** Job per order event that moves money: capture on shipment, cancel (or refund) on cancellation. */
export const PAYMENT_MODIFICATION_QUEUE = 'payment-modification';

/** What one ERP shipment carried, by the platform's line item IDs. */
export interface ShippedPart {
  shipmentId: string;
  lines: { lineItemId: string; quantity: number }[];
  /** The ERP reported the order fully shipped with this shipment. */
  completesOrder: boolean;
}

export interface PaymentModificationJob {
  orderId: string;
  /** `release`: the order was completed short; what its shipments did not capture is let go. */
  action: 'capture' | 'cancel' | 'release';
  /** The shipment a capture is for; without it the whole authorisation is captured. */
  shipment?: ShippedPart | undefined;
  /**
   * The order's earlier shipments: what they captured is worked out again from them, so the shipment
   * that completes the order captures the true remainder even before their CAPTURE webhooks arrive.
   */
  earlier?: ShippedPart['lines'][] | undefined;
}

/** A shipment as the ERP reports it (erp module), by its lines' web-shop line item IDs. */
interface ErpShipmentLines {
  erpShipmentId: string;
  lines?: { webShopLineItemId?: string | null | undefined; quantity: number }[] | undefined;
}

const linesOf = (shipment: ErpShipmentLines): ShippedPart['lines'] =>
  (shipment.lines ?? []).flatMap((line) =>
    line.webShopLineItemId ? [{ lineItemId: line.webShopLineItemId, quantity: line.quantity }] : [],
  );

/** The release job of an order completed short, after the given shipments. */
export function releaseAfterShipments(
  orderId: string,
  shipments: readonly ErpShipmentLines[],
): PaymentModificationJob {
  return { orderId, action: 'release', earlier: shipments.map(linesOf) };
}

/** The capture job for an ERP shipment: its lines, the earlier shipments', and whether it is the last. */
export function captureForShipment(
  orderId: string,
  shipment: ErpShipmentLines,
  earlier: readonly ErpShipmentLines[],
  completesOrder: boolean,
): PaymentModificationJob {
  return {
    orderId,
    action: 'capture',
    shipment: { shipmentId: shipment.erpShipmentId, lines: linesOf(shipment), completesOrder },
    earlier: earlier.map(linesOf),
  };
}

export class PaymentModifications {
  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
    private readonly gatewayClient: PaymentGatewayClient,
    private readonly merchantAccount: string,
    private readonly jobs: () => Jobs,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Enqueues a capture or cancellation inside the caller's transaction (outbox). An order is cancelled
   * once: the platform's cancel and the ERP's Cancelled status both ask, and the second request enqueues
   * nothing (false).
   */
  async enqueue(tx: Transaction, job: PaymentModificationJob): Promise<boolean> {
    if (job.action === 'cancel' && !(await insertCancellation(tx, job.orderId))) return false;
    await this.jobs().enqueue(tx, PAYMENT_MODIFICATION_QUEUE, job);
    return true;
  }

  /** A new authorisation of an order already cancelled (the cancel came first): it is voided too. */
  async onNewAuthorisation(tx: Transaction, orderId: string): Promise<void> {
    if (await isCancellationRequested(tx, orderId)) {
      await this.jobs().enqueue(tx, PAYMENT_MODIFICATION_QUEUE, {
        orderId,
        action: 'cancel',
      } satisfies PaymentModificationJob);
    }
  }

  /** The job: every standing authorisation of the order captured for the shipment, or cancelled. */
  async run(job: PaymentModificationJob): Promise<void> {
    const rows = await notificationsOfOrder(this.db, job.orderId);
    const ended = new Set(
      rows
        .filter((row) => row.success && ENDING_CODES.has(row.eventCode))
        .map((row) => row.originalReference),
    );
    const capturedOf = (pspReference: string) =>
      rows
        .filter((row) => row.success && row.eventCode === 'CAPTURE' && row.originalReference === pspReference)
        .reduce((sum, row) => sum + row.amountMinor, 0);
    const standing = rows.filter(
      (row) => row.eventCode === 'AUTHORISATION' && row.success && !ended.has(row.pspReference),
    );
    if (standing.length === 0) return;
    const shipped =
      (job.action === 'capture' && job.shipment) || job.action === 'release'
        ? await this.orderValues(job.orderId)
        : undefined;
    for (const authorisation of standing) {
      const recorded = capturedOf(authorisation.pspReference);
      const share = (lines: ShippedPart['lines'], capturedMinor: number, completesOrder: boolean) =>
        shipped
          ? shipmentCaptureValue({
              authorisedMinor: authorisation.amountMinor,
              capturedMinor,
              orderSubtotalMinor: shipped.subtotalMinor,
              lines: shipped.lines,
              shipped: lines,
              completesOrder,
            })
          : 0;
      const byEarlier = (job.earlier ?? []).reduce((sum, lines) => sum + share(lines, sum, false), 0);
      if (job.action === 'release') {
        // Released only once the shipments' captures are recorded: a capture still on its way would
        // find nothing left to capture. Thrown, the job is retried.
        if (recorded < byEarlier) {
          throw new Error(
            `order ${job.orderId}: waiting for the shipments' captures (${recorded} of ${byEarlier}) before releasing the rest`,
          );
        }
        if (authorisation.amountMinor - recorded > 0)
          await this.send(job.orderId, authorisation.pspReference, 'cancels', {}, 'release');
        continue;
      }
      if (job.action === 'cancel') {
        const kind = recorded > 0 ? 'refunds' : 'cancels';
        await this.send(job.orderId, authorisation.pspReference, kind, {
          ...(kind === 'refunds' ? { amount: { value: recorded, currency: authorisation.currency } } : {}),
        });
        // A partly captured one: what was never captured is released too.
        if (kind === 'refunds' && authorisation.amountMinor > recorded)
          await this.send(job.orderId, authorisation.pspReference, 'cancels', {}, 'release');
        continue;
      }
      if (!job.shipment || !shipped) {
        const rest = authorisation.amountMinor - recorded;
        if (rest > 0)
          await this.send(job.orderId, authorisation.pspReference, 'captures', {
            amount: { value: rest, currency: authorisation.currency },
          });
        continue;
      }
      const value = share(job.shipment.lines, Math.max(recorded, byEarlier), job.shipment.completesOrder);
      if (value <= 0) continue;
      await this.send(
        job.orderId,
        authorisation.pspReference,
        'captures',
        { amount: { value, currency: authorisation.currency } },
        job.shipment?.shipmentId,
      );
    }
  }

  /** The order's subtotal and line values in minor units, as the platform holds them. */
  private async orderValues(orderId: string) {
    const order = await this.platform.getOrder(orderId);
    if (!order?.Currency) return undefined;
    const currency = order.Currency;
    const items = await this.platform.listAll<LineItem>(
      `/v1/orders/All/${encodeURIComponent(orderId)}/lineitems`,
    );
    return {
      subtotalMinor: toMinorUnits((order as Order).Subtotal ?? 0, currency),
      lines: items.map((item) => ({
        lineItemId: item.ID ?? '',
        quantity: item.Quantity,
        subtotalMinor: toMinorUnits(item.LineSubtotal ?? 0, currency),
      })),
    };
  }

  private async send(
    orderId: string,
    pspReference: string,
    kind: 'captures' | 'cancels' | 'refunds',
    extra: Record<string, unknown>,
    cause?: string,
  ): Promise<void> {
    const done = await this.gatewayClient.modifyPayment(
      pspReference,
      kind,
      { merchantAccount: this.merchantAccount, reference: orderId, ...extra },
      cause ? `${kind}-${pspReference}-${cause}` : `${kind}-${pspReference}`,
    );
    // Refused (e.g. already cancelled): the modification is not possible; nothing to retry.
    if (!done.ok) {
      this.log?.warn({ orderId, kind, gateway: done.error.body }, 'gateway refused the modification');
    }
  }
}
