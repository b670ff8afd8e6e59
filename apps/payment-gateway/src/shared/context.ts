import { baseContext, type RequestContext } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Merchant } from '../modules/merchants/service.ts';

/** A merchant API call: authenticated by API key. */
export interface MerchantContext extends RequestContext {
  merchant: Merchant;
}

/** A client API call from a shopper's browser: authenticated by client key and origin. */
export interface ShopperContext extends MerchantContext {
  clientKey: string;
  origin: string | undefined;
}

export const merchantContext = (request: FastifyRequest, merchant: Merchant): MerchantContext => ({
  ...baseContext(request),
  merchant,
});

export const shopperContext = (request: FastifyRequest): ShopperContext => {
  if (!request.merchant || !request.clientKey) throw new Error('client API route without client-key check');
  return {
    ...baseContext(request),
    merchant: request.merchant,
    clientKey: request.clientKey,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
  };
};

export const authenticatedContext = (request: FastifyRequest): MerchantContext => {
  if (!request.merchant) throw new Error('merchant API route without API-key check');
  return merchantContext(request, request.merchant);
};
