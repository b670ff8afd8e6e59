/**
 * The OrderCloud checkout integration (docs/domain.md, Checkout integration): ship estimates, order calculation through
 * the price service, and the record of submit / approval events from which the ERP submission follows.
 * Amounts are integer minor units here; decimals exist only in the worksheet and the answers.
 */
import {
  type CheckoutIntegrationEvent,
  fromMinorUnits,
  type LineItem,
  type OrderCalculateResponse,
  type OrderWorksheet,
  SalesItemNumber,
  type ShippingRatesResponse,
  sumMinorUnits,
  toMinorUnits,
} from '@actuate/contracts';
import { type Database, type Result, type Transaction, unprocessable } from '@actuate/service-kit';
import type { OrderCalculationRequest, PriceClient, PriceRefusal } from '../../clients/price-client.ts';
import type { CustomerCompany, CustomerDirectory } from '../../shared/customers.ts';
import {
  type CheckoutEventRow,
  findCheckoutEvent,
  insertCheckoutEvent,
  latestCheckoutEvent,
} from './repository.ts';
import { lineVatAfterDiscounts } from './vat-after-discount.ts';

/** The quotes module: the quoted unit prices of an order made from an accepted quote (`xp.QuoteID`). */
export interface AgreedPrices {
  agreedPrices(
    worksheet: OrderWorksheet,
    now: Date,
  ): Promise<Result<Map<string, number> | null, { code: string }>>;
}

export type CheckoutEventType = 'OrderSubmit' | 'OrderSubmitForApproval' | 'OrderApproved';

/** Work that must follow a recorded event, run in the event's transaction (outbox). */
export type CheckoutEventListener = (tx: Transaction, event: CheckoutEventRow) => Promise<void>;

/** The one ship estimate: every line ships together from the factory warehouse. */
export const SHIP_ESTIMATE_ID = 'all-lines';
/** Refusals of a ship method that only mean "not this method". */
const METHOD_NOT_USABLE = new Set(['country-not-served', 'shipment-too-heavy', 'ship-method-not-found']);

export class CheckoutIntegrationService {
  private readonly listeners: CheckoutEventListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly customers: CustomerDirectory,
    private readonly prices: PriceClient,
    private readonly quotes?: AgreedPrices,
  ) {}

  /** The ERP module subscribes here so its job is enqueued with the event row. */
  onEvent(listener: CheckoutEventListener): void {
    this.listeners.push(listener);
  }

  async shippingRates(event: CheckoutEventDto): Promise<ShippingRatesResponse> {
    const worksheet = event.OrderWorksheet;
    const company = await this.customers.company(worksheet.Order.FromCompanyID);
    const offered = await this.prices.shipMethods();
    const base = this.pricingRequest(worksheet, company, offered[0]?.id ?? 'STANDARD-PARCEL');
    const country = base.shipTo.country;
    const quotes = await Promise.all(
      offered.map(async (method) => ({
        method,
        result: await this.prices.calculateOrder({ ...base, shipMethodId: method.id }),
      })),
    );
    const shipMethods = [];
    for (const { method, result } of quotes) {
      if (!result.ok) {
        if (METHOD_NOT_USABLE.has(result.refusal.code)) continue;
        throw priceRefused(result.refusal);
      }
      const transitDays = method.estimatedTransitDays[country];
      if (transitDays === undefined) continue;
      const costMinor = toMinorUnits(result.order.shippingPrice.amount, base.currency);
      shipMethods.push({
        ID: method.id,
        Name: method.name,
        Cost: fromMinorUnits(costMinor, base.currency),
        EstimatedTransitDays: transitDays,
        xp: { Currency: base.currency, Description: method.description },
      });
    }
    const previous = worksheet.ShipEstimateResponse?.ShipEstimates?.[0]?.SelectedShipMethodID;
    const selected = shipMethods.some((method) => method.ID === previous) ? previous : null;
    return {
      ShipEstimates: [
        {
          ID: SHIP_ESTIMATE_ID,
          SelectedShipMethodID: selected,
          ShipEstimateItems: worksheet.LineItems.map((line) => ({
            LineItemID: lineId(line),
            Quantity: line.Quantity,
          })),
          ShipMethods: shipMethods,
        },
      ],
    };
  }

  async orderCalculate(event: CheckoutEventDto): Promise<OrderCalculateResponse> {
    const worksheet = event.OrderWorksheet;
    const company = await this.customers.company(worksheet.Order.FromCompanyID);
    const selected = selectedShipMethodId(worksheet);
    const agreed = await this.agreedPrices(worksheet);
    // Without a selected method the lines are still priced (VAT does not depend on the method);
    // shipping is charged once the buyer has chosen one.
    const candidates = selected ? [selected] : (await this.prices.shipMethods()).map((method) => method.id);
    let lastRefusal: PriceRefusal | undefined;
    for (const shipMethodId of candidates) {
      const request = this.pricingRequest(worksheet, company, shipMethodId, agreed);
      const result = await this.prices.calculateOrder(request);
      if (!result.ok) {
        lastRefusal = result.refusal;
        if (!selected && METHOD_NOT_USABLE.has(result.refusal.code)) continue;
        throw priceRefused(result.refusal);
      }
      const currency = request.currency;
      const minor = (amount: number) => toMinorUnits(amount, currency);
      const discountOf = new Map(
        worksheet.LineItems.map((line) => [line.ID, minor(line.PromotionDiscount ?? 0)]),
      );
      const lineTax = lineVatAfterDiscounts(
        result.order.lines.map((line) => ({
          lineId: line.lineId,
          net: minor(line.price.amount) * line.quantity,
          tax: minor(line.taxTotal.amount),
          discount: discountOf.get(line.lineId) ?? 0,
        })),
        minor(worksheet.Order.PromotionDiscount ?? 0),
      );
      const shipping = selected ? minor(result.order.shippingPrice.amount) : 0;
      const shippingVat = selected ? minor(result.order.shippingVat.amount) : 0;
      return {
        ShippingTotal: fromMinorUnits(shipping, currency),
        TaxTotal: fromMinorUnits(sumMinorUnits([lineTax, shippingVat]), currency),
        FeeTotal: 0,
        LineItemOverrides: result.order.lines.map((line) => ({
          LineItemID: line.lineId,
          UnitPrice: fromMinorUnits(minor(line.price.amount), currency),
        })),
        xp: { ShipMethodID: selected ?? null, Currency: currency },
      };
    }
    throw lastRefusal
      ? priceRefused(lastRefusal)
      : unprocessable('no-ship-method', 'No ship method can carry this order.');
  }

  /** Records OrderSubmit / OrderSubmitForApproval / OrderApproved and runs the listeners in one transaction. */
  async recordEvent(type: CheckoutEventType, event: CheckoutEventDto): Promise<CheckoutEventRow> {
    const orderId = event.OrderWorksheet.Order.ID;
    if (!orderId) throw unprocessable('missing-order-id', 'The worksheet order has no ID.');
    return this.db.transaction(async (tx) => {
      const row = await insertCheckoutEvent(tx, {
        orderId,
        eventType: type,
        environment: event.Environment,
        worksheet: event.OrderWorksheet,
      });
      for (const listener of this.listeners) await listener(tx, row);
      return row;
    });
  }

  /** A recorded event (for the ERP submission job). */
  event(id: string): Promise<CheckoutEventRow | undefined> {
    return findCheckoutEvent(this.db, id);
  }

  /** The latest OrderSubmit or OrderApproved of an order: what a re-submission sends. */
  async latestSubmittableEvent(orderId: string): Promise<CheckoutEventRow | undefined> {
    const [submitted, approved] = await Promise.all([
      latestCheckoutEvent(this.db, orderId, 'OrderSubmit'),
      latestCheckoutEvent(this.db, orderId, 'OrderApproved'),
    ]);
    if (!submitted) return approved;
    if (!approved) return submitted;
    return approved.receivedAt > submitted.receivedAt ? approved : submitted;
  }

  /** Quoted prices apply only to the cart the quote was accepted into, by its buyer, within its date. */
  private async agreedPrices(worksheet: OrderWorksheet): Promise<Map<string, number> | null> {
    if (!this.quotes) return null;
    const result = await this.quotes.agreedPrices(worksheet, new Date());
    if (result.ok) return result.value;
    const code = result.error.code;
    throw unprocessable(
      code === 'quote-expired' ? 'quote-expired' : 'quote-not-usable',
      code === 'quote-expired'
        ? 'The quote of this order has passed its validity date.'
        : 'The quote named by this order cannot be used by it.',
    );
  }

  private pricingRequest(
    worksheet: OrderWorksheet,
    company: CustomerCompany,
    shipMethodId: string,
    agreed: Map<string, number> | null = null,
  ): OrderCalculationRequest & { currency: 'DKK' | 'EUR' } {
    const currency = orderCurrency(worksheet, company);
    if (worksheet.LineItems.length === 0) throw unprocessable('empty-order', 'The order has no line items.');
    const firstAddress = worksheet.LineItems.find((line) => line.ShippingAddress)?.ShippingAddress;
    return {
      customer: {
        salesCompanyId: company.salesCompanyId,
        customerErpId: company.erpId,
        taxGroup: company.taxGroup,
        ...(company.vatNumber ? { vatNumber: company.vatNumber } : {}),
      },
      currency,
      shipTo: { country: (firstAddress?.Country ?? company.countryCode2).toUpperCase() },
      shipMethodId,
      lines: worksheet.LineItems.map((line) => ({
        lineId: lineId(line),
        salesItemNumber: salesItemNumberOf(line),
        quantity: line.Quantity,
        ...(agreed?.has(lineId(line)) ? { agreedUnitPrice: agreed.get(lineId(line)) } : {}),
        ...(line.Product?.ShipWeight ? { unitWeightKg: line.Product.ShipWeight } : {}),
      })),
    };
  }
}

export type CheckoutEventDto = CheckoutIntegrationEvent;

function lineId(line: LineItem): string {
  if (!line.ID) throw unprocessable('missing-line-id', 'A line item of the worksheet has no ID.');
  return line.ID;
}

/** The sales item of a line: the product's SalesItemNumber, or a product ID that is one. */
export function salesItemNumberOf(line: LineItem): string {
  const xp = line.Product?.xp;
  if (xp && xp.Kind === 'SalesItem') return xp.SalesItemNumber;
  if (SalesItemNumber.safeParse(line.ProductID).success) return line.ProductID;
  throw unprocessable('not-a-sales-item', `Line ${line.ID ?? '?'} is not a sales item (${line.ProductID}).`, {
    LineItemID: line.ID,
    ProductID: line.ProductID,
  });
}

function orderCurrency(worksheet: OrderWorksheet, company: CustomerCompany): 'DKK' | 'EUR' {
  const currency = worksheet.Order.Currency ?? company.currency;
  if (currency !== 'DKK' && currency !== 'EUR') {
    throw unprocessable('unsupported-currency', `Orders are priced in DKK or EUR, not ${currency}.`);
  }
  return currency;
}

function selectedShipMethodId(worksheet: OrderWorksheet): string | undefined {
  return (
    worksheet.ShipEstimateResponse?.ShipEstimates?.find((estimate) => estimate.SelectedShipMethodID)
      ?.SelectedShipMethodID ?? undefined
  );
}

function priceRefused(refusal: PriceRefusal) {
  return unprocessable(
    `price-${refusal.code}`,
    `The price service cannot price this order: ${refusal.detail}`,
    {
      priceService: refusal.body,
    },
  );
}
