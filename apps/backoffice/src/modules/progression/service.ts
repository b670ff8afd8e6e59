import { randomInt } from 'node:crypto';
import { applyPercentage, multiplyMinorUnits, sumMinorUnits } from '@actuate/contracts';
import {
  conflict,
  type Database,
  type Executor,
  type Jobs,
  notFound,
  type QueueDefinition,
  type RequestContext,
  unprocessable,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CustomerService } from '../customers/service.ts';
import { vatRateBasisPointsOf } from '../customers/tax-groups.ts';
import { numbering } from '../numbering/service.ts';
import type { SalesOrderLineRow, SalesOrderRow } from '../sales-orders/repository.ts';
import type { SalesOrderStatus, ShipmentLine } from '../sales-orders/schema.ts';
import type { SalesOrderService } from '../sales-orders/service.ts';

export const PROGRESSION_QUEUE = 'erp-progression';

interface ProgressionJob {
  orderNumber: string;
  /** The order's progression version when the step was scheduled; a newer version makes it a no-op. */
  version: number;
}

export interface ProgressionSettings {
  /** Seconds between paced steps; 0 = manual steps only. */
  paceSeconds: number;
  leadTimeDays: number;
  /** Base of the tracking URLs (the back office's own tracking pages). */
  publicUrl: string;
}

const CARRIERS = {
  GLS: { code: 'gls', prefix: '9' },
  'DHL Freight': { code: 'dhl', prefix: '7' },
  DSV: { code: 'dsv', prefix: '5' },
} as const;
type Carrier = keyof typeof CARRIERS;

const TERMINAL: readonly SalesOrderStatus[] = ['Invoiced', 'Cancelled'];
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * The life of a sales order after it is received: Received → Confirmed (with a confirmed shipping
 * date) → PartlyShipped → Shipped (two shipments by default) → Invoiced, or Cancelled before shipping.
 * Each step runs from a trigger endpoint or from a paced job; every step is one transaction that
 * also publishes the callback and schedules the next paced step.
 */
export class ProgressionService {
  constructor(
    private readonly db: Database,
    private readonly salesOrders: SalesOrderService,
    private readonly customers: CustomerService,
    private readonly jobs: () => Jobs,
    private readonly settings: ProgressionSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Status-change listener: schedules the next paced step (nothing when pace is 0 or the order is done). */
  readonly scheduleNext = async (tx: Executor, order: SalesOrderRow): Promise<void> => {
    if (this.settings.paceSeconds <= 0 || TERMINAL.includes(order.status)) return;
    await this.jobs().enqueue(
      tx,
      PROGRESSION_QUEUE,
      { orderNumber: order.orderNumber, version: order.progressionVersion } satisfies ProgressionJob,
      {
        startAfter: this.settings.paceSeconds,
      },
    );
  };

  async confirm(
    context: RequestContext,
    orderNumber: string,
    input: { confirmedShippingDate?: string | undefined } = {},
  ) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      expectStatus(order, ['Received'], 'confirm');
      await this.doConfirm(context, tx, order, input.confirmedShippingDate);
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  async ship(
    context: RequestContext,
    orderNumber: string,
    input: {
      lines?: { lineNumber: number; quantity: number }[] | undefined;
      carrier?: Carrier | undefined;
      shippedAt?: string | undefined;
      cost?: number | undefined;
    } = {},
  ) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      expectStatus(order, ['Confirmed', 'PartlyShipped'], 'ship');
      await this.doShip(context, tx, order, input);
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  /** The carrier reports a shipment delivered (once; not before it shipped). */
  async deliver(
    context: RequestContext,
    orderNumber: string,
    erpShipmentId: string,
    input: { deliveredAt?: string | undefined } = {},
  ) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      const shipment = (await this.salesOrders.shipments(tx, orderNumber)).find(
        (entry) => entry.erpShipmentId === erpShipmentId,
      );
      if (!shipment) {
        throw notFound('shipment-not-found', `Sales order ${orderNumber} has no shipment ${erpShipmentId}.`);
      }
      if (shipment.deliveredAt) {
        throw conflict('already-delivered', `Shipment ${erpShipmentId} is delivered already.`, {
          deliveredAt: shipment.deliveredAt.toISOString(),
        });
      }
      const deliveredAt = input.deliveredAt ? new Date(input.deliveredAt) : context.now;
      if (deliveredAt < shipment.shippedAt) {
        throw unprocessable('delivered-before-shipped', 'A shipment cannot be delivered before it shipped.', {
          shippedAt: shipment.shippedAt.toISOString(),
        });
      }
      await this.salesOrders.recordDelivery(context, tx, order, erpShipmentId, deliveredAt);
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  /**
   * Completes a partly shipped order short: what has not shipped never will. The order becomes
   * Shipped (invoiced for what shipped); the shop releases the payment's uncaptured rest.
   */
  async completeShort(
    context: RequestContext,
    orderNumber: string,
    input: { reason?: string | undefined } = {},
  ) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      expectStatus(order, ['PartlyShipped'], 'complete short');
      await this.salesOrders.changeStatus(context, tx, order, 'Shipped', {
        completedShort: true,
        ...(input.reason ? { cancellationReason: input.reason } : {}),
      });
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  async invoice(context: RequestContext, orderNumber: string) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      expectStatus(order, ['Shipped'], 'invoice');
      await this.doInvoice(context, tx, order);
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  async cancel(context: RequestContext, orderNumber: string, input: { reason?: string | undefined } = {}) {
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, orderNumber, true);
      expectStatus(order, ['Received', 'Confirmed'], 'cancel');
      await this.salesOrders.changeStatus(context, tx, order, 'Cancelled', {
        cancellationReason: input.reason ?? null,
      });
    });
    return this.salesOrders.view(this.db, orderNumber);
  }

  /** A paced job: takes the next step unless the order moved on since it was scheduled. */
  async runPacedStep(job: ProgressionJob): Promise<void> {
    const context: RequestContext = { requestId: `job:${PROGRESSION_QUEUE}`, log: this.log, now: new Date() };
    await this.db.transaction(async (tx) => {
      const order = await this.salesOrders.requireOrder(tx, job.orderNumber, true);
      if (order.progressionVersion !== job.version) return;
      switch (order.status) {
        case 'Received':
          return this.doConfirm(context, tx, order, undefined);
        case 'Confirmed':
        case 'PartlyShipped':
          return this.doShip(context, tx, order, {});
        case 'Shipped':
          return this.doInvoice(context, tx, order);
        default:
          return;
      }
    });
  }

  private async doConfirm(
    context: RequestContext,
    tx: Executor,
    order: SalesOrderRow,
    date: string | undefined,
  ) {
    const confirmedShippingDate = date ?? isoDate(addDays(context.now, this.settings.leadTimeDays));
    await this.salesOrders.changeStatus(context, tx, order, 'Confirmed', { confirmedShippingDate });
  }

  private async doShip(
    context: RequestContext,
    tx: Executor,
    order: SalesOrderRow,
    input: {
      lines?: { lineNumber: number; quantity: number }[] | undefined;
      carrier?: Carrier | undefined;
      shippedAt?: string | undefined;
      cost?: number | undefined;
    },
  ) {
    const lines = await this.salesOrders.lines(tx, order.orderNumber);
    const previous = await this.salesOrders.shipments(tx, order.orderNumber);
    const parts = input.lines ? explicitPart(lines, input.lines) : plannedPart(lines, previous.length === 0);
    const erpShipmentId = await numbering.shipment(tx);
    const sequence = Number(erpShipmentId.slice(4));
    const carrier: Carrier = input.carrier ?? (sequence % 2 === 0 ? 'DHL Freight' : 'GLS');
    // Random, not sequential: the public tracking page must not let anyone walk through other shipments.
    const trackingNumber = `${CARRIERS[carrier].prefix}${String(randomInt(0, 10 ** 14)).padStart(14, '0')}`;
    const totalUnits = parts.reduce((sum, part) => sum + part.quantity, 0);
    const containerCount = Math.min(3, Math.max(1, Math.ceil(totalUnits / 20)));
    const containerIds: string[] = [];
    for (let index = 0; index < containerCount; index++) containerIds.push(await numbering.container(tx));
    await this.salesOrders.recordShipment(tx, order, {
      erpShipmentId,
      carrier,
      trackingNumber,
      trackingUrl: `${this.settings.publicUrl.replace(/\/+$/, '')}/tracking/${CARRIERS[carrier].code}/${trackingNumber}`,
      containerIds,
      lines: parts,
      shippedAt: input.shippedAt ? new Date(input.shippedAt) : context.now,
      cost: input.cost ?? shareOfShippingCost(order, lines, previous, totalUnits),
      deliveredAt: null,
    });
    const after = await this.salesOrders.lines(tx, order.orderNumber);
    const complete = after.every((line) => line.quantityShipped >= line.quantity);
    await this.salesOrders.changeStatus(context, tx, order, complete ? 'Shipped' : 'PartlyShipped', {
      shipment: erpShipmentId,
    });
  }

  private async doInvoice(context: RequestContext, tx: Executor, order: SalesOrderRow) {
    const lines = await this.salesOrders.lines(tx, order.orderNumber);
    const customer = await this.customers.findCustomer(tx, order.customerErpId);
    const vatRateBasisPoints = vatRateBasisPointsOf(order.taxGroup);
    // What shipped is invoiced (all of it, unless the order was completed short).
    const netAmount = sumMinorUnits(
      lines.map((line) => multiplyMinorUnits(line.unitPrice, line.quantityShipped)),
    );
    const vatAmount = applyPercentage(netAmount + order.shippingCost, vatRateBasisPoints);
    const year = context.now.getUTCFullYear();
    await this.salesOrders.recordInvoice(tx, order, {
      invoiceNumber: await numbering.invoice(tx, order.salesCompanyId, year),
      currency: order.currency,
      netAmount,
      shippingAmount: order.shippingCost,
      vatRateBasisPoints,
      vatAmount,
      totalAmount: netAmount + order.shippingCost + vatAmount,
      invoiceEmail: customer?.invoiceEmail ?? '',
      invoicedAt: context.now,
      dueDate: isoDate(addDays(context.now, customer?.paymentTermsDays ?? 30)),
    });
    await this.salesOrders.changeStatus(context, tx, order, 'Invoiced', {});
  }
}

/**
 * The carrier's charge for a shipment when the ERP is not told: the order's shipping cost shared by the
 * units shipped; the shipment that ships the last units takes what earlier ones left.
 */
function shareOfShippingCost(
  order: SalesOrderRow,
  lines: SalesOrderLineRow[],
  previous: { cost: number }[],
  unitsNow: number,
): number {
  const ordered = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shippedBefore = lines.reduce((sum, line) => sum + line.quantityShipped, 0);
  const charged = previous.reduce((sum, shipment) => sum + shipment.cost, 0);
  if (ordered === 0) return 0;
  if (shippedBefore + unitsNow >= ordered) return Math.max(0, order.shippingCost - charged);
  return Math.round((order.shippingCost * unitsNow) / ordered);
}

function expectStatus(order: SalesOrderRow, allowed: readonly SalesOrderStatus[], step: string) {
  if (!allowed.includes(order.status)) {
    throw conflict(
      'invalid-transition',
      `Cannot ${step} sales order ${order.orderNumber}: it is ${order.status}.`,
      {
        status: order.status,
        allowedFrom: allowed,
      },
    );
  }
}

/**
 * The next part to ship: on the first shipment about half of the order (the first half of the lines,
 * or half the quantity of a single line) so orders ship in two parts; afterwards everything left.
 */
export function plannedPart(lines: SalesOrderLineRow[], first: boolean): ShipmentLine[] {
  const open = lines.filter((line) => line.quantityShipped < line.quantity);
  const remaining = (line: SalesOrderLineRow) => line.quantity - line.quantityShipped;
  const part = (line: SalesOrderLineRow, quantity: number): ShipmentLine => ({
    lineNumber: line.lineNumber,
    webShopLineItemId: line.webShopLineItemId,
    salesItemNumber: line.salesItemNumber,
    quantity,
  });
  if (first && open.length >= 2)
    return open.slice(0, Math.ceil(open.length / 2)).map((line) => part(line, remaining(line)));
  const single = open[0];
  if (first && open.length === 1 && single && remaining(single) >= 2)
    return [part(single, Math.floor(remaining(single) / 2))];
  return open.map((line) => part(line, remaining(line)));
}

function explicitPart(
  lines: SalesOrderLineRow[],
  wanted: { lineNumber: number; quantity: number }[],
): ShipmentLine[] {
  return wanted.map((entry) => {
    const line = lines.find((candidate) => candidate.lineNumber === entry.lineNumber);
    if (!line)
      throw unprocessable('unknown-line', `The order has no line ${entry.lineNumber}.`, {
        lineNumber: entry.lineNumber,
      });
    if (entry.quantity > line.quantity - line.quantityShipped) {
      throw unprocessable(
        'too-much',
        `Line ${entry.lineNumber} has only ${line.quantity - line.quantityShipped} left to ship.`,
        {
          lineNumber: entry.lineNumber,
        },
      );
    }
    return {
      lineNumber: line.lineNumber,
      webShopLineItemId: line.webShopLineItemId,
      salesItemNumber: line.salesItemNumber,
      quantity: entry.quantity,
    };
  });
}

export function progressionQueue(service: () => ProgressionService): QueueDefinition<ProgressionJob> {
  return { name: PROGRESSION_QUEUE, handle: (job) => service().runPacedStep(job.data) };
}
