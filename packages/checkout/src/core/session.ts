import type { Amount } from './amount.ts';
import type { BrowserInfo } from './browser-info.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';
import { http, withQuery } from './http.ts';
import { safeStorage } from './storage.ts';
import type {
  AdditionalDetailsData,
  BalanceCheckResponse,
  InstallmentOptions,
  Order,
  PaymentMethodsResponse,
  PaymentResponse,
} from './types.ts';

/** The merchant server's `POST /sessions` answer: `id` and `sessionData` (only `id` after a redirect). */
export interface SessionReference {
  id: string;
  sessionData?: string;
  shopperEmail?: string;
  telephoneNumber?: string;
}

export interface SessionSetupResponse {
  id: string;
  sessionData: string;
  amount?: Amount;
  countryCode?: string;
  expiresAt?: string;
  shopperLocale?: string;
  returnUrl?: string;
  paymentMethods?: PaymentMethodsResponse;
  configuration?: { enableStoreDetails?: boolean; installmentOptions?: InstallmentOptions };
}

const STORAGE_KEY = 'actuate-checkout__session';

/**
 * The sessions flow (docs/domain.md, Sessions and payments): every call carries the latest
 * sessionData and every answer replaces it. The blob is kept in localStorage so a redirect return
 * can resume with only the id.
 */
export class CheckoutSession {
  readonly id: string;
  private sessionData: string;

  constructor(
    reference: SessionReference,
    private readonly clientKey: string,
    private readonly loadingContext: string,
  ) {
    if (!reference || typeof reference.id !== 'string' || reference.id.length === 0) {
      throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidSession);
    }
    if (!clientKey) throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.noClientKey);
    this.id = reference.id;
    const stored = this.readStored();
    const data = reference.sessionData ?? (stored?.id === reference.id ? stored.sessionData : undefined);
    if (!data) throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidSession);
    this.sessionData = data;
    this.store();
  }

  get data() {
    return this.sessionData;
  }

  private readStored(): { id: string; sessionData: string } | undefined {
    try {
      return JSON.parse(safeStorage('local').getItem(STORAGE_KEY) ?? 'null') ?? undefined;
    } catch {
      return undefined;
    }
  }

  private store() {
    safeStorage('local').setItem(STORAGE_KEY, JSON.stringify({ id: this.id, sessionData: this.sessionData }));
  }

  private async call<T extends { sessionData?: string }>(operation: string, body: object): Promise<T> {
    const url = withQuery(`${this.loadingContext}v1/sessions/${encodeURIComponent(this.id)}/${operation}`, {
      clientKey: this.clientKey,
    });
    const response = await http<T>(url, { body: { sessionData: this.sessionData, ...body } });
    if (response.sessionData) {
      this.sessionData = response.sessionData;
      this.store();
    }
    return response;
  }

  setup(browserInfo: BrowserInfo, order?: Order): Promise<SessionSetupResponse> {
    return this.call('setup', {
      browserInfo,
      ...(order ? { order: { orderData: order.orderData, pspReference: order.pspReference } } : {}),
    });
  }

  submitPayment(data: object): Promise<PaymentResponse> {
    return this.call('payments', data);
  }

  submitDetails(data: AdditionalDetailsData): Promise<PaymentResponse> {
    return this.call('paymentDetails', data);
  }

  /** A gift card's balance (`paymentMethod` with its encrypted number and PIN). */
  checkBalance(data: { paymentMethod: object; amount?: Amount }): Promise<BalanceCheckResponse> {
    return this.call('paymentMethodBalance', {
      paymentMethod: data.paymentMethod,
      ...(data.amount ? { amount: data.amount } : {}),
    });
  }

  /** Opens a partial-payment order for the session's amount. */
  createOrder(): Promise<Order & { sessionData?: string }> {
    return this.call('orders', {});
  }

  /** Cancels an order: the gateway rolls back every payment made with it. */
  cancelOrder(order: Order): Promise<{ sessionData?: string; resultCode?: string }> {
    return this.call('orders/cancel', {
      order: { orderData: order.orderData, pspReference: order.pspReference },
    });
  }

  /** The campaigns for a donation after the session's payment, in its currency (first one first). */
  donationCampaigns<C>(): Promise<{ donationCampaigns?: C[] }> {
    return this.call<{ donationCampaigns?: C[]; sessionData?: string }>('donationCampaigns', {});
  }

  /** A donation after the session's payment, on its method: `resultCode` Authorised when made. */
  donate(data: {
    amount: Amount;
    donationCampaignId: string;
    donationType: string;
  }): Promise<{ resultCode?: string }> {
    return this.call<{ resultCode?: string; sessionData?: string }>('donations', data);
  }

  /** Forget the stored blob once the session is over (success or final failure). */
  clear(): void {
    safeStorage('local').removeItem(STORAGE_KEY);
  }
}
