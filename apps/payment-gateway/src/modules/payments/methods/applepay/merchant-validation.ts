import type { ShopperContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { merchantIdentifierOf, signMerchantSession } from './tokens.ts';

export interface ApplePaySessionRequest {
  displayName: string;
  domainName: string;
  initiative: string;
  merchantIdentifier: string;
}

/**
 * Merchant validation (`v1/applePay/sessions`): the wallet opens its sheet only for a domain the
 * merchant registered (here: a host of the client key's allowed origins), its own merchant
 * identifier and the web initiative. The answer is the reference's shape: `data` is base64 of the
 * merchant session's JSON, which the widget hands to `completeMerchantValidation`.
 */
export function createMerchantSession(
  context: ShopperContext,
  tokenKey: Buffer,
  allowedOrigins: readonly string[],
  request: ApplePaySessionRequest,
): { data: string } {
  if (request.initiative !== 'web')
    throw gatewayError.unprocessable('000', 'initiative must be "web" for a web page.');
  const hosts = new Set(allowedOrigins.map((origin) => new URL(origin).hostname));
  if (!hosts.has(request.domainName))
    throw gatewayError.unprocessable(
      '000',
      `domainName ${request.domainName} is not a host of this client key's allowed origins.`,
    );
  if (request.merchantIdentifier !== merchantIdentifierOf(context.merchant.account))
    throw gatewayError.unprocessable(
      '000',
      'merchantIdentifier is not this merchant account’s Apple Pay merchant id.',
    );
  const session = signMerchantSession(
    tokenKey,
    {
      m: context.merchant.account,
      merchantIdentifier: request.merchantIdentifier,
      domainName: request.domainName,
      displayName: request.displayName,
    },
    context.now,
  );
  return { data: Buffer.from(JSON.stringify(session), 'utf8').toString('base64') };
}
