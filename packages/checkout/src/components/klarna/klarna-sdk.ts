import type { Checkout } from '../../core/checkout.ts';

/** Klarna Payments' browser API as documented (only what the widget calls). */
export interface KlarnaLoadResponse {
  show_form: boolean;
  error?: unknown;
}

export interface KlarnaAuthorizeResponse {
  approved: boolean;
  show_form: boolean;
  authorization_token?: string;
  error?: unknown;
}

interface KlarnaPayments {
  init(options: { client_token: string }): void;
  load(
    options: { container: HTMLElement; payment_method_category: string },
    callback: (response: KlarnaLoadResponse) => void,
  ): void;
  authorize(
    options: { payment_method_category: string },
    callback: (response: KlarnaAuthorizeResponse) => void,
  ): void;
}

const KLARNA_PAYMENTS_SDK = 'https://x.klarnacdn.net/kp/lib/v1/api.js';

/** Loads Klarna's payments script (the merchant's `sdkUrls.klarna`, else Klarna's) and answers `Klarna.Payments`. */
export async function loadKlarnaPayments(checkout: Checkout): Promise<KlarnaPayments> {
  await checkout.loadScript(checkout.sdkUrl('klarna', KLARNA_PAYMENTS_SDK));
  const payments = (window as unknown as { Klarna?: { Payments?: KlarnaPayments } }).Klarna?.Payments;
  if (!payments) throw new Error('The Klarna script did not define Klarna.Payments');
  return payments;
}
