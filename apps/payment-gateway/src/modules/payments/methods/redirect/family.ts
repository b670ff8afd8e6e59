import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type {
  ListQuery,
  MethodDecision,
  MethodModifications,
  PaymentMethodEntry,
  PaymentMethodFamily,
} from '../types.ts';
import { type Issuer, REDIRECT_METHODS, type RedirectMethod } from './catalogue.ts';

const BY_TYPE = new Map(REDIRECT_METHODS.map((method) => [method.type, method]));

/** Whether a method is offered for a query: by currency, and by country when the query names one. */
export function offeredFor(
  method: Pick<RedirectMethod, 'currencies' | 'countries'>,
  query: ListQuery,
): boolean {
  if (query.amount && !method.currencies.includes(query.amount.currency)) return false;
  const country = query.countryCode?.toUpperCase();
  return !country || method.countries.includes(country);
}

/** The catalogue entry of the request's type, if the request pays in one of its currencies (else 422 `905`). */
export function requestedMethod<Method extends Pick<RedirectMethod, 'name' | 'currencies'>>(
  byType: ReadonlyMap<string, Method>,
  request: PaymentRequest,
): Method {
  const method = byType.get(request.paymentMethod.type);
  if (!method) throw gatewayError.unprocessable('905', 'Payment method type is not supported.');
  if (!method.currencies.includes(request.amount.currency)) {
    throw gatewayError.unprocessable(
      '905',
      `${method.name} takes ${method.currencies.join(', ')} only, not ${request.amount.currency}.`,
    );
  }
  return method;
}

/**
 * Issuer lists and redirect methods (iDEAL, EPS, the Polish, Czech and Slovak online banking, Trustly,
 * Pay by Bank): the shopper picks a bank where the method has a list and is sent to the bank's page
 * (a simulator page here) which decides the outcome.
 */
export class RedirectFamily implements PaymentMethodFamily {
  readonly name = 'redirect';

  handles(type: string) {
    return BY_TYPE.has(type);
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    return REDIRECT_METHODS.filter((method) => offeredFor(method, query)).map((method) => ({
      type: method.type,
      name: method.name,
      ...(method.issuers ? { issuers: method.issuers.map((issuer) => ({ ...issuer })) } : {}),
    }));
  }

  modifications(type: string): MethodModifications {
    return BY_TYPE.get(type)!.modifications;
  }

  async decide(_context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = requestedMethod(BY_TYPE, request);
    const issuer = chosenIssuer(method, (request.paymentMethod as { issuer?: unknown }).issuer);
    return {
      paymentMethodType: method.type,
      acquirer: acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none',
      shopperStep: {
        kind: 'redirect',
        page: 'bank',
        method: method.redirectMethod,
        providerName: issuer?.name ?? method.providerName,
        ...(issuer ? { issuer: issuer.name } : {}),
      },
      ...(issuer ? { methodDetails: { issuer: issuer.id, issuerName: issuer.name } } : {}),
    };
  }
}

/** The issuer the request names: required where the method needs one, always one of its list. */
function chosenIssuer(method: RedirectMethod, value: unknown): Issuer | undefined {
  if (!method.issuers) return undefined;
  if (value === undefined || value === null || value === '') {
    if (!method.issuerRequired) return undefined;
    throw gatewayError.unprocessable('000', `paymentMethod.issuer is required for ${method.name}.`);
  }
  const issuer = typeof value === 'string' ? method.issuers.find((entry) => entry.id === value) : undefined;
  if (!issuer) {
    throw gatewayError.unprocessable(
      '000',
      `paymentMethod.issuer is not a known issuer of ${method.name}; use an id from /paymentMethods.`,
    );
  }
  if (issuer.disabled) {
    throw gatewayError.unprocessable('000', `${issuer.name} is not available for ${method.name} right now.`);
  }
  return issuer;
}
