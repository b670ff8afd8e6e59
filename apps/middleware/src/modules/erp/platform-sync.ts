/**
 * The ERP's results on the platform: the order's and lines' extensions (WebShopStatus, OrderNumber,
 * line numbers or issues) and the ERP's shipments as platform shipments.
 */
import { fromMinorUnits } from '@actuate/contracts';
import type { Database } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { type ErpSubmissionRow, findSubmission, updateSubmission } from './repository.ts';
import type { ErpLineResult, PlatformShipmentJob } from './service.ts';

export class ErpPlatformSync {
  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the result into the platform order and line extensions (best effort, recorded). */
  async syncToPlatform(orderId: string): Promise<void> {
    // A job and a callback can sync the same order at once; whoever wrote a state that has changed
    // since it read it writes again, so the platform ends with the latest.
    for (let round = 0; round < 5; round++) {
      const written = await this.syncOnce(orderId);
      const current = await findSubmission(this.db, orderId);
      if (!written || !current || syncedContent(current) === written) return;
    }
  }

  /** One write of the stored result to the platform; the content written (see `syncedContent`). */
  private async syncOnce(orderId: string): Promise<string | undefined> {
    const row = await findSubmission(this.db, orderId);
    if (!row) return undefined;
    const xp: Record<string, unknown> = {
      WebShopStatus: row.webShopStatus ?? 'Submitted',
      ErpSubmissionIssue: row.erpSubmissionIssue ?? 'None',
      // Explicit while the order waits for its delivery address in the ERP; cleared (null) after.
      ErpSubmissionState: row.state === 'AwaitingAddress' ? 'AwaitingDeliveryAddress' : null,
      ...(row.orderNumber ? { OrderNumber: row.orderNumber } : {}),
      ...(row.salesCompanyId ? { SalesCompanyId: row.salesCompanyId } : {}),
      ...(row.confirmedShippingDate
        ? { ConfirmedShippingDate: toIsoDateTime(row.confirmedShippingDate) }
        : {}),
    };
    // Lines first, the order last: an order carrying its OrderNumber has its line results too.
    let synced = true;
    for (const line of row.lines as ErpLineResult[]) {
      synced = await this.platform.patchLineItemXp(
        orderId,
        line.LineItemID,
        // Both keys every time: PATCH merges xp, and a line's result replaces the previous one.
        line.ErpLineNumber !== null
          ? { ErpLineNumber: line.ErpLineNumber, ErpSubmissionIssue: null }
          : { ErpLineNumber: null, ErpSubmissionIssue: line.ErpSubmissionIssue ?? 'Error' },
      );
      if (!synced) break;
    }
    if (synced) synced = await this.platform.patchOrderXp(orderId, xp);
    // Shipping the last platform shipment completes the order (the shipment job); invoiced makes sure.
    if (synced && row.webShopStatus === 'Invoiced') {
      await this.platform.completeOrder(orderId);
    }
    if (!synced)
      this.log.warn({ orderId }, 'the platform did not take the ERP result; kept in the middleware');
    await updateSubmission(this.db, orderId, { platformSync: synced ? 'Synced' : 'Refused' });
    return syncedContent(row);
  }

  /**
   * The job: the ERP's shipment as a platform shipment (ID = ERP shipment id; ErpShipmentId,
   * ErpContainerIds, TrackingUrl in xp) with its items. Idempotent: an existing shipment and items
   * already on it are left alone. The last shipment (status Shipped) completes the order.
   */
  async createShipment(job: PlatformShipmentJob): Promise<void> {
    const { orderId, shipment } = job;
    const order = await this.platform.getOrder(orderId);
    if (!order) {
      this.log.warn({ orderId }, 'shipment of an order the platform does not have');
      return;
    }
    const id = shipment.erpShipmentId;
    // What the ERP may report later (a delivery), and so also written to an existing shipment.
    const reported = {
      DateDelivered: shipment.deliveredAt ?? null,
      Cost:
        typeof shipment.cost === 'number' && shipment.currency
          ? fromMinorUnits(shipment.cost, shipment.currency)
          : null,
    };
    const created = await this.platform.send('POST', '/v1/shipments', {
      ID: id,
      BuyerID: order.FromCompanyID,
      Shipper: shipment.carrier ?? null,
      DateShipped: shipment.shippedAt ?? null,
      TrackingNumber: shipment.trackingNumber ?? null,
      ...reported,
      xp: {
        ErpShipmentId: id,
        ErpContainerIds: shipment.containerIds ?? [],
        TrackingUrl: shipment.trackingUrl ?? null,
      },
    });
    if (created.status === 409 && (reported.DateDelivered || reported.Cost !== null)) {
      const updated = await this.platform.send('PATCH', `/v1/shipments/${encodeURIComponent(id)}`, reported);
      if (updated.status >= 300) {
        throw new Error(`platform refused shipment ${id} update: ${updated.status}`);
      }
    } else if (created.status !== 201 && created.status !== 409) {
      throw new Error(`platform refused shipment ${id}: ${created.status} ${JSON.stringify(created.body)}`);
    }
    const existing = await this.platform.expect<{ Items: { LineItemID: string }[] }>(
      'GET',
      `/v1/shipments/${encodeURIComponent(id)}/items?pageSize=100`,
    );
    const shipped = new Set(existing.Items.map((item) => item.LineItemID));
    for (const line of shipment.lines ?? []) {
      if (!line.webShopLineItemId || shipped.has(line.webShopLineItemId)) continue;
      const added = await this.platform.send('POST', `/v1/shipments/${encodeURIComponent(id)}/items`, {
        OrderID: orderId,
        LineItemID: line.webShopLineItemId,
        QuantityShipped: line.quantity,
      });
      if (added.status >= 300) {
        // E.g. the order is no longer Open: the ERP's shipment stays visible in the middleware.
        this.log.warn(
          { orderId, shipmentId: id, status: added.status, body: added.body },
          'shipment item refused',
        );
      }
    }
    if (job.status === 'Shipped') await this.platform.completeOrder(orderId);
  }
}

/** What `syncOnce` writes to the platform, as a comparable string. */
function syncedContent(row: ErpSubmissionRow): string {
  return JSON.stringify([
    row.state,
    row.webShopStatus,
    row.erpSubmissionIssue,
    row.orderNumber,
    row.salesCompanyId,
    row.confirmedShippingDate,
    row.lines,
  ]);
}

/** The ERP sends a date (YYYY-MM-DD); the order extension holds an ISO date-time with offset. */
function toIsoDateTime(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00+00:00` : date;
}
