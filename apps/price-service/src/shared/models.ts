/**
 * Wire shapes shared by the price calls. Request bodies are strict (unknown fields are a 400).
 * Answer schemas mirror `@actuate/contracts` (MonetaryAmount, SalesItemPrice, …) without their
 * refinements, which the amounts satisfy by construction (they come from `toMonetaryAmount`); the
 * integration tests parse every answer with the contract schemas.
 */
import { CurrencyCode, IsoDateTime, PriceCurrency, SalesCompanyId, UserErpId } from '@actuate/contracts';
import { z } from 'zod';

export const CustomerErpId = UserErpId.describe('The customer company’s ERP account, e.g. ADK-100001 (ACME)');

export const CustomerRefBody = z
  .strictObject({
    salesCompanyId: SalesCompanyId.describe('Selling sales company, e.g. ADK (Denmark) or ADE (Germany)'),
    customerErpId: CustomerErpId,
  })
  .describe('Who is buying: the sales company and the customer’s ERP account');

export const PriceDate = IsoDateTime.describe(
  'Date the price applies on (net price agreements, exchange rate, price list validity); default: now',
);

export const Amount = z
  .object({
    amount: z.number().describe('Decimal amount, two decimals at most'),
    currency: PriceCurrency,
  })
  .describe('Monetary amount');

/** Currency path parameter: three uppercase letters (else 400); DKK or EUR (else 404). */
export const CurrencyParam = CurrencyCode.describe('DKK or EUR; another well-formed code is a 404');

export const ProblemDetailsSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number(),
    detail: z.string(),
    instance: z.string(),
  })
  .catchall(z.unknown())
  .describe('RFC 9457 problem details; extension members name the offending field or value');
