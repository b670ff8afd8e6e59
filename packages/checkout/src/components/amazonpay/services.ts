import type { Amount } from '../../core/amount.ts';
import type { Checkout } from '../../core/checkout.ts';
import { http, withQuery } from '../../core/http.ts';
import {
  type AmazonPayRegion,
  type ChargePermissionType,
  type RecurringMetadata,
  UTILITY_PATHS,
} from './config.ts';

const post = <T>(checkout: Checkout, path: string, body: unknown) =>
  http<T>(withQuery(`${checkout.loadingContext}${path}`, { clientKey: checkout.clientKey }), { body });

/** The gateway signs the checkout-session payload with the merchant's Amazon Pay key. */
export const signString = (checkout: Checkout, payload: unknown) =>
  post<{ signature?: string }>(checkout, UTILITY_PATHS.signString, { stringToSign: JSON.stringify(payload) });

export interface CheckoutDetailsRequest {
  checkoutSessionId: string;
  publicKeyId: string | undefined;
  region: AmazonPayRegion | undefined;
  getDeliveryAddress?: boolean;
  getDeclineFlowUrl?: boolean;
}

export const getCheckoutDetails = (checkout: Checkout, request: CheckoutDetailsRequest) =>
  post<{ declineFlowUrl?: string } & Record<string, unknown>>(
    checkout,
    UTILITY_PATHS.getCheckoutDetails,
    request,
  );

export interface UpdateCheckoutSessionRequest {
  amount: Amount | undefined;
  chargePermissionType: ChargePermissionType | undefined;
  checkoutResultReturnUrl: string;
  checkoutSessionId: string;
  publicKeyId: string | undefined;
  recurringMetadata: RecurringMetadata | undefined;
  region: AmazonPayRegion | undefined;
}

export const updateCheckoutSession = (checkout: Checkout, request: UpdateCheckoutSessionRequest) =>
  post<{ action?: { type?: string; url?: string }; errorMessage?: string }>(
    checkout,
    UTILITY_PATHS.updateCheckoutSession,
    request,
  );
