/** Error types: every error the widget raises or hands to onError carries one. */
export type CheckoutErrorType =
  | 'IMPLEMENTATION_ERROR'
  | 'API_ERROR'
  | 'ERROR'
  | 'SDK_ERROR'
  | 'NETWORK_ERROR'
  | 'CANCEL'
  | 'SCRIPT_ERROR';

/** Every error the widget reports (`onError`, rejected promises); `type` says what kind it is. */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  constructor(
    readonly type: CheckoutErrorType,
    message: string,
    readonly options: { cause?: unknown; code?: string } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

/** The implementation-error messages, in one place so tests and docs can refer to them. */
export const IMPLEMENTATION_ERRORS = {
  missingOnSubmit:
    'Could not submit the payment: pass a session to createCheckout, or an onSubmit callback (advanced flow).',
  missingOnAdditionalDetails:
    'Could not submit the additional details: pass a session to createCheckout, or an onAdditionalDetails callback (advanced flow).',
  actionWithoutType: 'createFromAction: invalid action object, it has no "type" property.',
  wholeResponseAsAction:
    'createFromAction: you passed the whole payments response; pass its "action" property instead.',
  invalidSession: 'Invalid session',
  noClientKey: 'No clientKey available',
  noLoadingContext: 'No loadingContext available',
  localeNotDefined: "'locale' property not defined",
  invalidLocale: "'locale' must be two letters, optionally followed by a region, e.g. 'en' or 'en-US'",
  invalidCdnUrl: 'Invalid CDN url for resources: it must be an absolute http(s) URL ending with "/"',
  storedCardWithoutEcommerce:
    'Stored card cannot be used: its supportedShopperInteractions does not include "Ecommerce".',
  invalidPaymentMethodsResponse: 'paymentMethodsResponse must be an object, not a string or an array.',
} as const;
