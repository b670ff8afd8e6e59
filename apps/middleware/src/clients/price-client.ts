/**
 * The price service's order calculation (`POST /ordercalculate`) and the ship methods it prices shipping
 * by (`GET /shipmethods`), see apps/price-service/README.md.
 */
import { CalculatedOrder, type OfferedShipMethod, ShipMethodList } from '@actuate/contracts';
import { callJson, UpstreamError } from './http.ts';

export interface OrderCalculationRequest {
  customer: { salesCompanyId: string; customerErpId: string; taxGroup: string; vatNumber?: string };
  currency: 'DKK' | 'EUR';
  shipTo: { country: string };
  shipMethodId: string;
  priceDate?: string;
  lines: {
    lineId: string;
    salesItemNumber: string;
    quantity: number;
    unitWeightKg?: number;
    /** A unit price agreed in a quote (decimal), used instead of the customer's price. */
    agreedUnitPrice?: number | undefined;
  }[];
}

/** A refusal of the price service (4xx problem details): the order cannot be priced as it is. */
export interface PriceRefusal {
  status: number;
  code: string;
  detail: string;
  body: Record<string, unknown>;
}

export type OrderCalculationResult =
  | { ok: true; order: CalculatedOrder }
  | { ok: false; refusal: PriceRefusal };

export interface PriceServiceSettings {
  baseUrl: string;
  /** This middleware's caller key at the price service (`x-api-key`). */
  apiKey: string;
  timeoutMs: number;
}

export class PriceClient {
  constructor(private readonly settings: PriceServiceSettings) {}

  /** The ship methods in the order they are offered to the buyer. */
  async shipMethods(): Promise<OfferedShipMethod[]> {
    const response = await callJson<unknown>(
      'price-service',
      `${this.settings.baseUrl}/shipmethods`,
      { method: 'GET', headers: { 'x-api-key': this.settings.apiKey } },
      this.settings.timeoutMs,
    );
    if (response.status === 401)
      throw new UpstreamError('price-service', 'price service refused PRICE_SERVICE_API_KEY', 401);
    const parsed = ShipMethodList.safeParse(response.body);
    if (response.status !== 200 || !parsed.success)
      throw new UpstreamError(
        'price-service',
        'price service answered no list of ship methods',
        response.status,
      );
    return parsed.data.shipMethods;
  }

  async calculateOrder(request: OrderCalculationRequest): Promise<OrderCalculationResult> {
    const response = await callJson<Record<string, unknown>>(
      'price-service',
      `${this.settings.baseUrl}/ordercalculate`,
      { method: 'POST', headers: { 'x-api-key': this.settings.apiKey }, body: request },
      this.settings.timeoutMs,
    );
    if (response.status === 200) {
      const parsed = CalculatedOrder.safeParse(response.body);
      if (!parsed.success)
        throw new UpstreamError('price-service', 'price service answered an unexpected shape');
      return { ok: true, order: parsed.data };
    }
    // Our own credential refused: a deployment error, not a refusal of the order.
    if (response.status === 401)
      throw new UpstreamError('price-service', 'price service refused PRICE_SERVICE_API_KEY', 401);
    const body = response.body ?? {};
    const type = typeof body.type === 'string' ? body.type : '';
    return {
      ok: false,
      refusal: {
        status: response.status,
        code: type.replace(/^urn:actuate:problem:/, '') || 'price-refused',
        detail: typeof body.detail === 'string' ? body.detail : `price service answered ${response.status}`,
        body,
      },
    };
  }
}
