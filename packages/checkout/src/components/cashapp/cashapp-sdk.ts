import type { Checkout } from '../../core/checkout.ts';

/** Cash App's Pay Kit as its browser API documents it (only what this component calls). */
export type CashAppPayEvent =
  | 'CUSTOMER_INTERACTION'
  | 'CUSTOMER_REQUEST_APPROVED'
  | 'CUSTOMER_REQUEST_DECLINED'
  | 'CUSTOMER_DISMISSED'
  | 'CUSTOMER_REQUEST_FAILED';

export interface CashAppApproval {
  customerProfile?: { id?: string; cashtag?: string };
  grants?: { payment?: { grantId?: string }; onFile?: { grantId?: string } };
}

export interface CashAppCustomerRequest {
  referenceId?: string | undefined;
  redirectURL: string;
  actions: {
    payment?: { amount: { currency: string; value: number }; scopeId?: string | undefined };
    onFile?: { scopeId?: string | undefined };
  };
}

export interface CashAppPayKit {
  render(
    target: HTMLElement,
    options: { manage: boolean; button: false | Record<string, unknown> },
  ): Promise<{ begin(): void }>;
  addEventListener(event: CashAppPayEvent, callback: (data: unknown) => void): void;
  removeEventListener(event: CashAppPayEvent, callback: (data: unknown) => void): void;
  customerRequest(request: CashAppCustomerRequest): Promise<void>;
  restart(): Promise<void>;
  destroy?(): void;
}

interface CashAppGlobal {
  pay(options: { clientId: string | undefined }): Promise<CashAppPayKit>;
}

const LIVE_SDK = 'https://kit.cash.app/v1/pay.js';
const SANDBOX_SDK = 'https://sandbox.kit.cash.app/v1/pay.js';

/**
 * Loads Cash App's Pay Kit (the merchant's `sdkUrls.cashapp`, else Cash App's live or sandbox kit, by
 * whether the environment names `live`) and starts it for the merchant's clientId.
 */
export async function startPayKit(checkout: Checkout, clientId: string | undefined): Promise<CashAppPayKit> {
  const live = checkout.options.environmentUrl.toLowerCase().includes('live');
  await checkout.loadScript(checkout.sdkUrl('cashapp', live ? LIVE_SDK : SANDBOX_SDK));
  const cashApp = (window as unknown as { CashApp?: CashAppGlobal }).CashApp;
  if (!cashApp) throw new Error('The Cash App Pay Kit did not define window.CashApp');
  return cashApp.pay({ clientId });
}
