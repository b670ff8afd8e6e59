import type { ErpSubmissionIssue, LineItemErpIssue } from '@actuate/contracts';
import { conflict, type Database, type Executor, notFound, type RequestContext } from '@actuate/service-kit';
import type { CallbackService } from '../callbacks/service.ts';
import type { CustomerService } from '../customers/service.ts';
import type { ItemService } from '../items/service.ts';
import { numbering } from '../numbering/service.ts';
import type { SalesOrderView, SubmissionResult, SubmitSalesOrderRequest } from './models.ts';
import type { InvoiceRow, SalesOrderLineRow, SalesOrderRow, ShipmentRow } from './repository.ts';
import * as repository from './repository.ts';
import { requestHash } from './request-hash.ts';
import type { SalesOrderStatus, ShipmentLine } from './schema.ts';
import { salesOrderView, shipmentView } from './views.ts';

export const LINE_NUMBER_STEP = 10;
/** Statuses in which lines refused at first can still be added by a re-submission. */
const OPEN_FOR_LINES: readonly SalesOrderStatus[] = ['Received', 'Confirmed', 'PartlyShipped'];

/** Called after every status change, in its transaction: schedules the next paced step. */
export type StatusChangeListener = (tx: Executor, order: SalesOrderRow) => Promise<void>;

const ORDER_ISSUE_MESSAGES: Record<
  'MissingCustomer' | 'MissingContact' | 'MissingDeliveryAddress' | 'LineItemIssue',
  string
> = {
  MissingCustomer: 'The ERP has no customer with this ERP id.',
  MissingContact: 'The ERP has no contact with this ERP id for the customer.',
  MissingDeliveryAddress: 'The delivery address is not a valid delivery address of the customer in the ERP.',
  LineItemIssue: 'The ERP refused every line of the order.',
};

/**
 * Sales orders: submission (idempotent by web-shop order id, validated against the ERP master data,
 * answered with a typed result), reading, and the primitives the progression module changes them with.
 */
export class SalesOrderService {
  constructor(
    private readonly db: Database,
    private readonly customers: CustomerService,
    private readonly items: ItemService,
    private readonly callbacks: CallbackService,
    private readonly onStatusChange: () => StatusChangeListener,
  ) {}

  /**
   * Submits a web-shop order. The same order id always maps to the same sales order (never two); a
   * different body for an existing order is a 409. Business refusals are results, not errors.
   */
  async submit(
    context: RequestContext,
    request: SubmitSalesOrderRequest,
  ): Promise<{ created: boolean; result: SubmissionResult }> {
    const hash = requestHash(request);
    return this.db.transaction(async (tx) => {
      await repository.lockWebShopOrder(tx, request.webShopOrderId);
      const existing = await repository.findByWebShopOrderId(tx, request.webShopOrderId);
      if (existing) {
        if (existing.requestHash !== hash) {
          throw conflict(
            'sales-order-conflict',
            `Order ${request.webShopOrderId} was submitted before with a different body (sales order ${existing.orderNumber}).`,
            { orderNumber: existing.orderNumber },
          );
        }
        return { created: false, result: await this.resubmit(context, tx, existing, request) };
      }
      return this.create(context, tx, request, hash);
    });
  }

  private async create(
    context: RequestContext,
    tx: Executor,
    request: SubmitSalesOrderRequest,
    hash: string,
  ) {
    const refuse = async (
      issue: keyof typeof ORDER_ISSUE_MESSAGES,
      lineIssues: Map<string, LineItemErpIssue> = new Map(),
    ) => {
      await repository.insertSubmission(tx, {
        webShopOrderId: request.webShopOrderId,
        outcome: 'Refused',
        issue,
        lineIssues: Object.fromEntries(lineIssues),
        submittedAt: context.now,
      });
      context.log.info({ webShopOrderId: request.webShopOrderId, issue }, 'sales order refused');
      const result: SubmissionResult = {
        webShopOrderId: request.webShopOrderId,
        outcome: 'Refused',
        erpSubmissionIssue: issue,
        message: ORDER_ISSUE_MESSAGES[issue],
        orderNumber: null,
        webShopStatus: null,
        salesCompanyId: null,
        deliveryAddressErpId: null,
        lines: request.lines.map((line) => ({
          webShopLineItemId: line.webShopLineItemId,
          salesItemNumber: line.salesItemNumber,
          quantity: line.quantity,
          erpLineNumber: null,
          issue: lineIssues.get(line.webShopLineItemId) ?? null,
        })),
        salesOrder: null,
      };
      return { created: false, result };
    };

    const customer = await this.customers.findCustomer(tx, request.customerErpId);
    if (!customer) return refuse('MissingCustomer');
    const contact = await this.customers.findContact(tx, request.contactErpId);
    if (!contact || contact.customerErpId !== customer.erpId) return refuse('MissingContact');
    const address = await this.customers.resolveDeliveryAddress(
      tx,
      customer.erpId,
      request.deliveryAddress,
      context.now,
    );
    if (!address) return refuse('MissingDeliveryAddress');

    const lineIssues = new Map<string, LineItemErpIssue>();
    for (const line of request.lines) {
      const issue = await this.items.lineIssue(tx, line.salesItemNumber, customer.salesCompanyId);
      if (issue) lineIssues.set(line.webShopLineItemId, issue);
    }
    const accepted = request.lines.filter((line) => !lineIssues.has(line.webShopLineItemId));
    if (accepted.length === 0) return refuse('LineItemIssue', lineIssues);

    const orderNumber = await numbering.salesOrder(tx, customer.salesCompanyId);
    await repository.insertOrder(tx, {
      orderNumber,
      webShopOrderId: request.webShopOrderId,
      requestHash: hash,
      request: request as unknown as Record<string, unknown>,
      customerErpId: customer.erpId,
      contactErpId: contact.erpId,
      salesCompanyId: customer.salesCompanyId,
      currency: request.currency,
      taxGroup: customer.taxGroup,
      deliveryAddressErpId: address.erpId,
      customerReference: request.customerReference ?? null,
      comments: request.comments ?? null,
      shippingCost: request.shippingCost,
      status: 'Received',
      createdAt: context.now,
      updatedAt: context.now,
    });
    await repository.insertLines(
      tx,
      accepted.map((line, index) => ({
        orderNumber,
        lineNumber: (index + 1) * LINE_NUMBER_STEP,
        webShopLineItemId: line.webShopLineItemId,
        salesItemNumber: line.salesItemNumber,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        dateNeeded: line.dateNeeded ?? null,
        costCenter: line.costCenter ?? null,
      })),
    );
    const order = await this.requireOrder(tx, orderNumber);
    await this.changeStatus(context, tx, order, 'Received', {});
    const result = await this.resultOf(tx, orderNumber, request, lineIssues);
    await this.logSubmission(context, tx, result);
    context.log.info(
      { orderNumber, webShopOrderId: request.webShopOrderId, issue: result.erpSubmissionIssue },
      'sales order received',
    );
    return { created: true, result };
  }

  /** The same order again: lines refused before are checked again and added while the order is open. */
  private async resubmit(
    context: RequestContext,
    tx: Executor,
    order: SalesOrderRow,
    request: SubmitSalesOrderRequest,
  ) {
    const lines = await repository.linesOf(tx, order.orderNumber);
    const known = new Set(lines.map((line) => line.webShopLineItemId));
    const lineIssues = new Map<string, LineItemErpIssue>();
    let nextLineNumber = Math.max(0, ...lines.map((line) => line.lineNumber)) + LINE_NUMBER_STEP;
    const added: SalesOrderLineRow[] = [];
    for (const line of request.lines) {
      if (known.has(line.webShopLineItemId)) continue;
      const issue = await this.items.lineIssue(tx, line.salesItemNumber, order.salesCompanyId);
      if (issue || !OPEN_FOR_LINES.includes(order.status)) {
        lineIssues.set(line.webShopLineItemId, issue ?? 'Error');
        continue;
      }
      added.push({
        orderNumber: order.orderNumber,
        lineNumber: nextLineNumber,
        webShopLineItemId: line.webShopLineItemId,
        salesItemNumber: line.salesItemNumber,
        quantity: line.quantity,
        quantityShipped: 0,
        unitPrice: line.unitPrice,
        dateNeeded: line.dateNeeded ?? null,
        costCenter: line.costCenter ?? null,
      });
      nextLineNumber += LINE_NUMBER_STEP;
    }
    if (added.length > 0) {
      await repository.insertLines(tx, added);
      await repository.updateOrder(tx, order.orderNumber, { updatedAt: context.now });
      // A partly shipped order with new lines is no longer about to be complete: nothing else changes.
      context.log.info(
        { orderNumber: order.orderNumber, added: added.map((line) => line.lineNumber) },
        'lines added on re-submission',
      );
    }
    const result = await this.resultOf(tx, order.orderNumber, request, lineIssues);
    await this.logSubmission(context, tx, result);
    return result;
  }

  private async logSubmission(context: RequestContext, tx: Executor, result: SubmissionResult) {
    await repository.insertSubmission(tx, {
      webShopOrderId: result.webShopOrderId,
      orderNumber: result.orderNumber,
      outcome: result.outcome,
      issue: result.erpSubmissionIssue,
      lineIssues: Object.fromEntries(
        result.lines
          .filter((line) => line.issue)
          .map((line) => [line.webShopLineItemId, line.issue as string]),
      ),
      submittedAt: context.now,
    });
  }

  private async resultOf(
    tx: Executor,
    orderNumber: string,
    request: SubmitSalesOrderRequest,
    lineIssues: Map<string, LineItemErpIssue>,
  ): Promise<SubmissionResult> {
    const view = await this.view(tx, orderNumber);
    const byLineItem = new Map(view.lines.map((line) => [line.webShopLineItemId, line]));
    const lines = request.lines.map((line) => {
      const accepted = byLineItem.get(line.webShopLineItemId);
      return {
        webShopLineItemId: line.webShopLineItemId,
        salesItemNumber: line.salesItemNumber,
        quantity: line.quantity,
        erpLineNumber: accepted?.lineNumber ?? null,
        issue: accepted ? null : (lineIssues.get(line.webShopLineItemId) ?? 'Error'),
      };
    });
    const partial = lines.some((line) => line.issue !== null);
    const issue: ErpSubmissionIssue = partial ? 'PartiallySubmitted' : 'None';
    return {
      webShopOrderId: view.webShopOrderId,
      outcome: partial ? 'PartiallySubmitted' : 'Accepted',
      erpSubmissionIssue: issue,
      message: partial
        ? `Sales order ${orderNumber}: ${lines.filter((line) => line.issue).length} of ${lines.length} lines refused.`
        : `Sales order ${orderNumber}: every line accepted.`,
      orderNumber,
      webShopStatus: view.status,
      salesCompanyId: view.salesCompanyId,
      deliveryAddressErpId: view.deliveryAddressErpId,
      lines,
      salesOrder: view,
    };
  }

  // --- Reading ----------------------------------------------------------------------------------

  async get(_context: RequestContext, orderNumber: string): Promise<SalesOrderView> {
    if (!(await repository.findOrder(this.db, orderNumber))) throw orderNotFound(orderNumber);
    return this.view(this.db, orderNumber);
  }

  async getByWebShopOrderId(_context: RequestContext, webShopOrderId: string): Promise<SalesOrderView> {
    const order = await repository.findByWebShopOrderId(this.db, webShopOrderId);
    if (!order)
      throw notFound('sales-order-not-found', `No sales order for web-shop order ${webShopOrderId}.`);
    return this.view(this.db, order.orderNumber);
  }

  async list(
    _context: RequestContext,
    filter: { customerErpId?: string | undefined; status?: string | undefined; limit: number },
  ) {
    const rows = await repository.listOrders(this.db, filter);
    return Promise.all(rows.map((row) => this.view(this.db, row.orderNumber)));
  }

  /** A shipment by tracking number with its order's status (the public tracking page); undefined when unknown. */
  async track(_context: RequestContext, trackingNumber: string) {
    const shipment = await repository.findShipmentByTrackingNumber(this.db, trackingNumber);
    if (!shipment) return undefined;
    const order = await this.requireOrder(this.db, shipment.orderNumber);
    return {
      shipment: shipmentView(shipment, order.currency),
      orderNumber: order.orderNumber,
      orderStatus: order.status,
    };
  }

  async submissions(_context: RequestContext, webShopOrderId: string) {
    const rows = await repository.submissionsOf(this.db, webShopOrderId);
    return rows.map((row) => ({
      id: row.id,
      webShopOrderId: row.webShopOrderId,
      orderNumber: row.orderNumber,
      outcome: row.outcome,
      issue: row.issue,
      lineIssues: row.lineIssues,
      submittedAt: row.submittedAt.toISOString(),
    }));
  }

  async view(db: Executor, orderNumber: string): Promise<SalesOrderView> {
    const order = await this.requireOrder(db, orderNumber);
    // One after the other: `db` may be a transaction (one connection).
    const lines = await repository.linesOf(db, orderNumber);
    const shipments = await repository.shipmentsOf(db, orderNumber);
    const invoice = await repository.invoiceOf(db, orderNumber);
    return salesOrderView(order, lines, shipments, invoice);
  }

  // --- Primitives for the progression module (inside its transaction) ---------------------------

  async requireOrder(db: Executor, orderNumber: string, forUpdate = false): Promise<SalesOrderRow> {
    const order = await repository.findOrder(db, orderNumber, forUpdate);
    if (!order) throw orderNotFound(orderNumber);
    return order;
  }

  lines = (db: Executor, orderNumber: string) => repository.linesOf(db, orderNumber);
  shipments = (db: Executor, orderNumber: string) => repository.shipmentsOf(db, orderNumber);

  async recordShipment(tx: Executor, order: SalesOrderRow, shipment: Omit<ShipmentRow, 'orderNumber'>) {
    await repository.insertShipment(tx, { ...shipment, orderNumber: order.orderNumber });
    for (const line of shipment.lines as ShipmentLine[]) {
      await repository.addShipped(tx, order.orderNumber, line.lineNumber, line.quantity);
    }
  }

  async recordInvoice(tx: Executor, order: SalesOrderRow, invoice: Omit<InvoiceRow, 'orderNumber'>) {
    await repository.insertInvoice(tx, { ...invoice, orderNumber: order.orderNumber });
  }

  /**
   * Moves the order to a status (or records its first one), in the caller's transaction: bumps the
   * progression version (older paced jobs become no-ops), publishes the callback and lets the
   * progression schedule the next paced step.
   */
  async changeStatus(
    context: RequestContext,
    tx: Executor,
    order: SalesOrderRow,
    status: SalesOrderStatus,
    change: {
      confirmedShippingDate?: string;
      cancellationReason?: string | null;
      shipment?: ShipmentRow['erpShipmentId'];
      completedShort?: boolean;
    },
  ): Promise<SalesOrderRow> {
    const sequence = order.eventSequence + 1;
    await repository.updateOrder(tx, order.orderNumber, {
      status,
      progressionVersion: order.progressionVersion + 1,
      eventSequence: sequence,
      updatedAt: context.now,
      ...(change.confirmedShippingDate ? { confirmedShippingDate: change.confirmedShippingDate } : {}),
      ...(change.cancellationReason !== undefined ? { cancellationReason: change.cancellationReason } : {}),
      ...(change.completedShort ? { completedShortAt: context.now } : {}),
    });
    const updated = await this.requireOrder(tx, order.orderNumber);
    const view = await this.view(tx, order.orderNumber);
    const previousStatus = order.eventSequence === 0 ? null : order.status;
    await this.callbacks.publish(tx, {
      type: 'sales-order.status-changed',
      subject: order.orderNumber,
      sequence,
      occurredAt: context.now,
      data: {
        webShopOrderId: view.webShopOrderId,
        orderNumber: view.orderNumber,
        status,
        previousStatus,
        confirmedShippingDate: view.confirmedShippingDate,
        shipment: change.shipment
          ? (view.shipments.find((entry) => entry.erpShipmentId === change.shipment) ?? null)
          : null,
        invoice: status === 'Invoiced' ? view.invoice : null,
        completedShort: view.completedShortAt !== null,
        salesOrder: view,
      },
    });
    await this.onStatusChange()(tx, updated);
    context.log.info(
      { orderNumber: order.orderNumber, from: previousStatus, to: status },
      'sales order status changed',
    );
    return updated;
  }

  /**
   * Records a shipment's delivery and publishes `sales-order.shipment-delivered` (in the order's event
   * sequence, so it never overtakes the status change that reported the shipment).
   */
  async recordDelivery(
    context: RequestContext,
    tx: Executor,
    order: SalesOrderRow,
    erpShipmentId: string,
    deliveredAt: Date,
  ): Promise<void> {
    const sequence = order.eventSequence + 1;
    await repository.markDelivered(tx, erpShipmentId, deliveredAt);
    await repository.updateOrder(tx, order.orderNumber, { eventSequence: sequence, updatedAt: context.now });
    const view = await this.view(tx, order.orderNumber);
    await this.callbacks.publish(tx, {
      type: 'sales-order.shipment-delivered',
      subject: order.orderNumber,
      sequence,
      occurredAt: context.now,
      data: {
        webShopOrderId: view.webShopOrderId,
        orderNumber: view.orderNumber,
        shipment: view.shipments.find((entry) => entry.erpShipmentId === erpShipmentId) ?? null,
      },
    });
  }
}

const orderNotFound = (orderNumber: string) =>
  notFound('sales-order-not-found', `The ERP has no sales order ${orderNumber}.`);
