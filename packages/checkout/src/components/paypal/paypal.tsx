import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { PayPalButtons, type PayPalSdk } from './paypal-buttons.tsx';
import { type ButtonStyle, PAYPAL_SDK_URL, type PayPalIntent, sdkQuery } from './settings.ts';
import { translations } from './translations.ts';

/** The payment-account wallet's error texts (spec §8). */
export const PAYPAL_ERRORS = {
  noToken: 'No token was provided',
  submitNotSupported: 'Calling submit() is not supported for this payment method',
  wrongInstance: 'The instance of the PayPal component being used is not the same which started the payment',
  invalidAction: 'Invalid Action',
  cancelled: 'PayPal approval was cancelled by the shopper',
} as const;

type WalletCallback = (
  data: Record<string, unknown>,
  actions: Record<string, unknown>,
  component: PayPal,
) => unknown;

export interface PayPalOptions extends ElementOptions {
  type?: string;
  name?: string;
  /** From the `/paymentMethods` entry: the PayPal merchant id and the intent. */
  configuration?: { merchantId?: string; intent?: PayPalIntent };
  /** Overrides the configuration's intent; a zero amount always tokenises. */
  intent?: PayPalIntent;
  /** Express checkout (subtype `express`): shipping callbacks allowed. Default false. */
  isExpress?: boolean;
  /** `pay` (default): pay in the pop-up; `continue`: a review page follows (commit false). */
  userAction?: 'pay' | 'continue';
  /** Default true (the pop-up's button reads "Pay"). */
  commit?: boolean;
  /** Store the PayPal account (billing agreement); forced on when tokenising. Default false. */
  vault?: boolean;
  /** Test only: the SDK's debug output. */
  debug?: boolean;
  /** Load the SDK's messages component too. Default false. */
  enableMessages?: boolean;
  /** Button style; default height 50. Credit, Pay Later and Venmo take only black or white. */
  style?: ButtonStyle;
  blockPayPalButton?: boolean;
  blockPayPalCreditButton?: boolean;
  blockPayPalPayLaterButton?: boolean;
  blockPayPalVenmoButton?: boolean;
  /** The PayPal SDK's onInit, for enabling the buttons (`actions.enable()`/`disable()`). */
  onInit?(data: Record<string, unknown>, actions: Record<string, unknown>): void;
  /** The PayPal SDK's onClick; reject through `actions.reject()` to stop the payment. */
  onClick?(data: Record<string, unknown>, actions: Record<string, unknown>): unknown;
  onShippingAddressChange?: WalletCallback;
  onShippingOptionsChange?: WalletCallback;
}

/**
 * PayPal (payment-account wallet): one button per eligible funding source from the PayPal JS SDK.
 * A click makes the payment (subtype `sdk` or `express`); the `sdk` action's token is the order the
 * SDK's pop-up opens; once the shopper approves it, its data goes to `/payments/details`.
 */
export class PayPal extends PaymentElement<PayPalOptions> {
  static override type = 'paypal';
  static readonly txVariants = ['paypal'];
  /** The paymentData of the running payment, for the details call after the approval. */
  actionPaymentData: string | undefined;
  /** True from the shopper's approval until the details call answers (the processing indicator). */
  processing = false;
  private pending: { resolve(token: string): void; reject(error: Error): void } | undefined;
  /** The SDK reports the widget's own rejected createOrder as an error: already reported, not again. */
  private sdkErrorExpected = false;

  constructor(checkout: Checkout, options: PayPalOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  get displayName(): string {
    return this.options.name ?? 'PayPal';
  }

  override get isValid(): boolean {
    return true;
  }

  /** The intent the SDK is loaded with: `tokenize` whenever the amount is 0. */
  get intent(): PayPalIntent | undefined {
    if (this.checkout.amount?.value === 0) return 'tokenize';
    return this.options.intent ?? this.configuration?.intent;
  }

  get commit(): boolean {
    return this.options.userAction === 'continue' ? false : (this.options.commit ?? true);
  }

  /** The SDK's URL: the merchant's `sdkUrls.paypal` (the sandbox's simulator) or PayPal's, with the spec's query. */
  get sdkUrl(): string {
    const base = this.checkout.sdkUrl('paypal', PAYPAL_SDK_URL);
    const query = sdkQuery({
      merchantId: this.configuration?.merchantId,
      locale: this.checkout.i18n.locale,
      countryCode: this.checkout.countryCode,
      debug: this.options.debug,
      isTest: !this.checkout.loadingContext.includes('live'),
      currency: this.checkout.amount?.currency,
      intent: this.intent,
      commit: this.commit,
      vault: this.intent === 'tokenize' || this.options.vault === true,
      enableMessages: this.options.enableMessages,
    });
    return `${base}${base.includes('?') ? '&' : '?'}${query}`;
  }

  private get configuration(): PayPalOptions['configuration'] {
    if (this.options.configuration) return this.options.configuration;
    const entry = this.checkout.paymentMethodsResponse.paymentMethods?.find(
      (method) => method.type === 'paypal',
    );
    return entry?.configuration as PayPalOptions['configuration'];
  }

  protected formatData(): ComponentData {
    return {
      paymentMethod: {
        type: this.options.type ?? PayPal.type,
        userAction: this.options.userAction ?? 'pay',
        subtype: this.options.isExpress ? 'express' : 'sdk',
      },
      // Tokenising stores the PayPal account (billing agreement) for the shopper.
      ...(this.intent === 'tokenize' ? { storePaymentMethod: true } : {}),
    };
  }

  /** The buttons start the payment; a programmatic submit cannot open PayPal's pop-up. */
  override submit(): Promise<void> {
    this.reportCheckoutError(new CheckoutError('IMPLEMENTATION_ERROR', PAYPAL_ERRORS.submitNotSupported));
    return Promise.resolve();
  }

  /** The SDK's createOrder: makes the payment and resolves with the order of its `sdk` action. */
  startPayment(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.checkout.analytics.send('info', { type: 'submit', component: this.type });
      super
        .submit()
        .catch((error: unknown) =>
          this.rejectPending(error instanceof Error ? error : new Error(String(error))),
        )
        // Refused, cancelled by the merchant or failed: the pop-up closes without an order.
        .finally(() => this.rejectPending(new Error('The payment was not started')));
    });
  }

  override handleAction(action: PaymentAction): void {
    if (action.type !== 'sdk') {
      super.handleAction(action);
      return;
    }
    if (action.paymentMethodType !== this.type) throw new Error(PAYPAL_ERRORS.invalidAction);
    if (typeof action.paymentData === 'string') this.actionPaymentData = action.paymentData;
    const token = (action.sdkData as { token?: unknown } | undefined)?.token;
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) {
      this.reportCheckoutError(new CheckoutError('ERROR', PAYPAL_ERRORS.wrongInstance));
      return;
    }
    this.setStatus('ready');
    if (typeof token === 'string' && token) pending.resolve(token);
    else pending.reject(new Error(PAYPAL_ERRORS.noToken));
  }

  /** The SDK's onApprove: the approval goes to `/payments/details` with the payment's paymentData. */
  approve(data: Record<string, unknown>): Promise<void> {
    const details = Object.fromEntries(
      Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    this.setProcessing(true);
    return this.submitAdditionalDetails({
      details,
      ...(this.actionPaymentData ? { paymentData: this.actionPaymentData } : {}),
    }).finally(() => this.setProcessing(false));
  }

  /** The shopper closed the pop-up: a CANCEL error, and the buttons again. */
  cancel(): void {
    this.setStatus('ready');
    this.reportCheckoutError(new CheckoutError('CANCEL', PAYPAL_ERRORS.cancelled));
  }

  /** The SDK reported an error (the pop-up failed). */
  fail(error: unknown): void {
    this.setStatus('ready');
    if (this.sdkErrorExpected) {
      this.sdkErrorExpected = false;
      return;
    }
    this.reportCheckoutError(
      new CheckoutError('ERROR', error instanceof Error ? error.message : String(error), { cause: error }),
    );
  }

  /** Express: the merchant's shipping callbacks get this component (to update paymentData). */
  updatePaymentData(paymentData: string): void {
    this.actionPaymentData = paymentData;
  }

  private rejectPending(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    this.sdkErrorExpected = true;
    pending.reject(error);
  }

  private setProcessing(processing: boolean): void {
    this.processing = processing;
    this.view.set({ revision: this.view.get().revision + 1 });
  }

  /** @internal The loaded SDK's global. */
  sdk(): PayPalSdk | undefined {
    return (window as unknown as { paypal?: PayPalSdk }).paypal;
  }

  renderView() {
    return <PayPalButtons element={this} />;
  }
}
