import type { PriceCurrency } from '@actuate/contracts';
import { baseContext, notFound, type RequestContext } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';

/** The request context every price service call takes first. */
export type PriceContext = RequestContext;

export const contextOf = (request: FastifyRequest): PriceContext => baseContext(request);

/** A currency path segment that is well-formed but not one prices are kept in: 404. */
export function priceCurrency(currency: string): PriceCurrency {
  if (currency === 'DKK' || currency === 'EUR') return currency;
  throw notFound('currency-not-found', `No prices in currency ${currency}; prices are in DKK or EUR.`, {
    field: 'currency',
    value: currency,
  });
}

/** The price date of a request: the body's, else the request clock. */
export const priceDateMs = (context: PriceContext, priceDate: string | undefined): number =>
  priceDate === undefined ? context.now.getTime() : Date.parse(priceDate);
