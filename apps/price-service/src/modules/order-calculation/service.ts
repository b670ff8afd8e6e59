/**
 * Order calculation: every line priced by the customer price rule (one snapshot, no query per line),
 * the VAT rate decided once for the order (tax module), shipping by ship method and total weight
 * (shipping module) with the same VAT rate.
 *
 * Per line, in minor units: net = price × quantity (exact); taxTotal = net × rate rounded half away
 * from zero once; tax = price × rate rounded (VAT of one unit, informative); total = net + taxTotal.
 * Shipping: shippingVat = shippingPrice × rate rounded; totalShipping = shippingPrice + shippingVat.
 */
import {
  applyPercentage,
  canConvertToMinorUnits,
  multiplyMinorUnits,
  type PriceCurrency,
  sumMinorUnits,
  toMinorUnits,
} from '@actuate/contracts';
import { badRequest, type HttpError, notFound, unprocessable } from '@actuate/service-kit';
import type { PriceContext } from '../../shared/context.ts';
import { priceItem, pricingError, scopeOrThrow } from '../customer-pricing/service.ts';
import type { PriceCatalog } from '../price-catalog/service.ts';
import { quoteShipping } from '../shipping/service.ts';
import { decideVat, type VatDecision } from '../tax/service.ts';
import type { OrderCalculateBody } from './models.ts';

export interface CalculatedLine {
  lineId: string;
  quantity: number;
  price: number;
  tax: number;
  taxTotal: number;
  total: number;
}

export interface Calculation {
  currency: PriceCurrency;
  vat: VatDecision;
  weightGrams: number;
  shippingPrice: number;
  shippingVat: number;
  totalShipping: number;
  lines: CalculatedLine[];
}

/** VAT of an amount, memoised: the key is every input, so an entry is never stale (bounded). */
const vatMemo = new Map<string, number>();
function vatOf(amount: number, rateBasisPoints: number): number {
  const key = `${amount}|${rateBasisPoints}`;
  const known = vatMemo.get(key);
  if (known !== undefined) return known;
  const vat = applyPercentage(amount, rateBasisPoints);
  if (vatMemo.size >= 200_000) vatMemo.clear();
  vatMemo.set(key, vat);
  return vat;
}

/** One line's amounts from its unit price, quantity and VAT rate (pure). */
export function calculateLine(
  lineId: string,
  price: number,
  quantity: number,
  rateBasisPoints: number,
): CalculatedLine {
  const net = multiplyMinorUnits(price, quantity);
  const taxTotal = vatOf(net, rateBasisPoints);
  return {
    lineId,
    quantity,
    price,
    tax: vatOf(price, rateBasisPoints),
    taxTotal,
    total: sumMinorUnits([net, taxTotal]),
  };
}

export class OrderCalculationService {
  constructor(private readonly catalog: PriceCatalog) {}

  async calculate(context: PriceContext, order: OrderCalculateBody): Promise<Calculation> {
    const snapshot = await this.catalog.snapshot();
    const atMs = order.priceDate === undefined ? context.now.getTime() : Date.parse(order.priceDate);
    const scope = scopeOrThrow(snapshot, { customer: order.customer, currency: order.currency, atMs });
    const taxGroup = snapshot.taxGroups.get(order.customer.taxGroup);
    if (!taxGroup) {
      throw notFound('tax-group-not-found', `Unknown tax group ${order.customer.taxGroup}.`, {
        field: 'customer.taxGroup',
        value: order.customer.taxGroup,
      });
    }
    const method = snapshot.shipMethods.get(order.shipMethodId);
    if (!method) {
      throw notFound('ship-method-not-found', `Unknown ship method ${order.shipMethodId}.`, {
        field: 'shipMethodId',
        value: order.shipMethodId,
      });
    }
    const seller = snapshot.salesCompanies.get(order.customer.salesCompanyId);
    const vat = decideVat({
      shipToCountry: order.shipTo.country,
      taxGroup,
      vatNumber: order.customer.vatNumber,
      sellerCountry: seller?.countryCode ?? '',
      vatRates: snapshot.vatRates,
    });
    if ('error' in vat) {
      throw unprocessable('unknown-country', `No VAT rate is known for country ${vat.countryCode}.`, {
        field: 'shipTo.country',
        value: vat.countryCode,
      });
    }

    const lines: CalculatedLine[] = [];
    let weightGrams = 0;
    order.lines.forEach((line, index) => {
      const item = snapshot.items.get(line.salesItemNumber);
      if (!item) {
        throw notFound(
          'sales-item-not-found',
          `Line ${line.lineId}: unknown sales item ${line.salesItemNumber}.`,
          {
            field: `lines.${index}.salesItemNumber`,
            lineId: line.lineId,
            value: line.salesItemNumber,
          },
        );
      }
      let unitPrice: number;
      if (line.agreedUnitPrice === undefined) {
        const priced = priceItem(snapshot, scope, item, line.quantity);
        if (!priced.ok) throw withLine(pricingError(priced.error), line.lineId);
        unitPrice = priced.value;
      } else {
        // A quoted price replaces the rule; it still has to be an amount of the order's currency.
        if (!canConvertToMinorUnits(line.agreedUnitPrice, order.currency)) {
          throw badRequest(
            'invalid-agreed-price',
            `Line ${line.lineId}: the agreed unit price is not an amount in ${order.currency}.`,
            {
              field: `lines.${index}.agreedUnitPrice`,
              lineId: line.lineId,
            },
          );
        }
        unitPrice = toMinorUnits(line.agreedUnitPrice, order.currency);
      }
      const unitGrams =
        line.unitWeightKg === undefined ? item.shipWeightGrams : Math.round(line.unitWeightKg * 1000);
      weightGrams += unitGrams * line.quantity;
      lines.push(calculateLine(line.lineId, unitPrice, line.quantity, vat.rateBasisPoints));
    });

    const quote = quoteShipping(method, order.shipTo.country, weightGrams, order.currency);
    if (!quote.ok) {
      throw quote.reason === 'country-not-served'
        ? unprocessable(
            quote.reason,
            `Ship method ${method.id} does not deliver to ${order.shipTo.country}.`,
            {
              field: 'shipTo.country',
              value: order.shipTo.country,
            },
          )
        : unprocessable(
            quote.reason,
            `The order weighs ${weightGrams / 1000} kg; ship method ${method.id} carries at most ${(quote.maxWeightGrams ?? 0) / 1000} kg.`,
            {
              field: 'shipMethodId',
              weightKg: weightGrams / 1000,
              maxWeightKg: (quote.maxWeightGrams ?? 0) / 1000,
            },
          );
    }
    const shippingVat = applyPercentage(quote.cost, vat.rateBasisPoints);
    return {
      currency: order.currency,
      vat,
      weightGrams,
      shippingPrice: quote.cost,
      shippingVat,
      totalShipping: sumMinorUnits([quote.cost, shippingVat]),
      lines,
    };
  }
}

function withLine(error: HttpError, lineId: string): HttpError {
  Object.assign(error.data, { lineId });
  return error;
}
