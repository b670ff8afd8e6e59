import type { Amount } from '../../core/amount.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { submitPayment } from '../../core/payment-flow.ts';
import type { ComponentData, PaymentResponse } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import {
  type ApplePayAuthorizedEvent,
  type ApplePayContactField,
  type ApplePayLineItem,
  type ApplePayPaymentContact,
  type ApplePaySessionInstance,
  type ApplePayShippingMethod,
  type ApplePayUpdate,
  applePaySession,
} from './apple-pay-js.ts';
import { ApplePayView } from './applepay-view.tsx';
import { APPLE_PAY_ERRORS, fetchMerchantSession } from './merchant-validation.ts';
import {
  brandsToNetworks,
  buildPaymentRequest,
  contactToAddress,
  resolveSupportedVersion,
  type WalletAddress,
} from './payment-request.ts';
import { translations } from './translations.ts';

export const APPLE_PAY_SDK_URL = 'https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js';
/** isAvailable() gives up on the SDK after this long. */
export const AVAILABILITY_TIMEOUT_MS = 5000;

/** The Apple Pay button's colour (default black). */
export type ApplePayButtonColor = 'black' | 'white' | 'white-with-line';
/** The Apple Pay button's label (default plain). */
export type ApplePayButtonType =
  | 'plain'
  | 'buy'
  | 'check-out'
  | 'donate'
  | 'book'
  | 'subscribe'
  | 'order'
  | 'continue'
  | 'set-up'
  | 'reload'
  | 'add-money'
  | 'top-up'
  | 'rent'
  | 'support'
  | 'contribute'
  | 'tip'
  | 'pay';

type Settle<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;
type SelectionCallback<E> = (
  resolve: (update: ApplePayUpdate) => void,
  reject: (update?: ApplePayUpdate) => void,
  event: E,
) => void;

export interface ApplePayOptions extends ElementOptions {
  type?: string;
  /** From the /paymentMethods entry: the Apple Pay merchant id and the name on the sheet. */
  configuration?: { merchantId?: string; merchantName?: string };
  /** The entry's card brands; mapped to Apple's networks (else supportedNetworks). */
  brands?: string[];
  amount?: Amount;
  countryCode?: string;
  /** Express checkout: the wallet gives the address; enables the shipping callbacks. Default false. */
  isExpress?: boolean;
  /** Apple Pay JS version; default the highest the device supports, from 14 down. */
  version?: number;
  totalPriceLabel?: string;
  /** Default 'final'. */
  totalPriceStatus?: 'final' | 'pending';
  /** Default 'web'. */
  initiative?: 'web' | 'messaging';
  /** The domain sent for merchant validation; default the page's host. */
  domainName?: string;
  /** Default ['supports3DS']. */
  merchantCapabilities?: string[];
  /** Default ['amex', 'discover', 'masterCard', 'visa'] when no brands are given. */
  supportedNetworks?: string[];
  supportedCountries?: string[];
  lineItems?: ApplePayLineItem[];
  shippingMethods?: ApplePayShippingMethod[];
  shippingType?: 'shipping' | 'delivery' | 'storePickup' | 'servicePickup';
  shippingContactEditingMode?: 'available' | 'storePickup';
  requiredBillingContactFields?: ApplePayContactField[];
  requiredShippingContactFields?: ApplePayContactField[];
  billingContact?: ApplePayPaymentContact;
  shippingContact?: ApplePayPaymentContact;
  applicationData?: string;
  /** Default 'black'. */
  buttonColor?: ApplePayButtonColor;
  /** Default 'plain'. */
  buttonType?: ApplePayButtonType;
  /** Before the sheet opens; reject to stay on the page. Default: resolve at once. */
  onClick?: Settle<void>;
  /** Your own merchant validation instead of the gateway's (then no clientKey call is made). */
  onValidateMerchant?: (
    resolve: (session: unknown) => void,
    reject: (reason?: unknown) => void,
    validationURL: string,
  ) => void;
  /** After the shopper authorised, before the payments call; reject to fail the sheet. */
  onAuthorized?: (
    data: {
      authorizedEvent: ApplePayAuthorizedEvent;
      billingAddress?: WalletAddress;
      deliveryAddress?: WalletAddress;
    },
    actions: { resolve: () => void; reject: (error?: unknown) => void },
  ) => void;
  onPaymentMethodSelected?: SelectionCallback<{ paymentMethod: unknown }>;
  /** Express only. */
  onShippingContactSelected?: SelectionCallback<{ shippingContact: ApplePayPaymentContact }>;
  /** Express only. */
  onShippingMethodSelected?: SelectionCallback<{ shippingMethod: ApplePayShippingMethod }>;
}

interface AuthorizedState {
  applePayToken: string;
  billingAddress: WalletAddress | undefined;
  deliveryAddress: WalletAddress | undefined;
}

const DEFAULT_NETWORKS = ['amex', 'discover', 'masterCard', 'visa'];

/**
 * The device wallet (Apple Pay type): the wallet's own button opens the SDK's payment sheet; the
 * gateway validates the merchant; the authorised token goes to the payments call and the sheet
 * shows the result. Always valid: there is nothing to fill in on the page.
 */
export class ApplePay extends PaymentElement<ApplePayOptions> {
  static override type = 'applepay';
  private readonly sdk: Promise<void>;
  private authorized: AuthorizedState | undefined;
  private completeSheet: ((success: boolean) => void) | undefined;

  constructor(checkout: Checkout, options: ApplePayOptions = {}) {
    super(checkout, options);
    if (!options.isExpress && (options.onShippingContactSelected || options.onShippingMethodSelected))
      throw new CheckoutError('IMPLEMENTATION_ERROR', APPLE_PAY_ERRORS.expressOnly);
    checkout.addTranslations(translations);
    this.sdk = checkout.loadScript(checkout.sdkUrl('applepay', APPLE_PAY_SDK_URL), {
      crossorigin: 'anonymous',
    });
    // Failures surface through isAvailable() and submit(); this keeps the promise from being "unhandled".
    this.sdk.catch(() => undefined);
  }

  override get isValid(): boolean {
    return true;
  }

  get amount(): Amount {
    return (
      this.options.amount ??
      this.checkout.order?.remainingAmount ??
      this.checkout.amount ?? { currency: 'USD', value: 0 }
    );
  }

  /** Resolves when the wallet can pay here: secure page, SDK loaded (5 s at most), a version and a card. */
  async isAvailable(): Promise<void> {
    if (!window.isSecureContext) throw new CheckoutError('IMPLEMENTATION_ERROR', APPLE_PAY_ERRORS.insecure);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CheckoutError('ERROR', APPLE_PAY_ERRORS.notAvailable)),
        AVAILABILITY_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.sdk, timeout]);
    } finally {
      clearTimeout(timer);
    }
    const Session = applePaySession();
    if (!Session || this.version() === undefined || !Session.canMakePayments())
      throw new CheckoutError('ERROR', APPLE_PAY_ERRORS.notAvailable);
  }

  /** Opens the payment sheet (call it from the shopper's click). */
  override submit(): Promise<void> {
    this.checkout.analytics.send('info', { type: 'selected', component: this.type });
    const Session = applePaySession();
    if (!window.isSecureContext) return this.fail('IMPLEMENTATION_ERROR', APPLE_PAY_ERRORS.insecure);
    const version = this.version();
    if (!Session || version === undefined) return this.fail('ERROR', APPLE_PAY_ERRORS.notAvailable);
    let session: ApplePaySessionInstance;
    try {
      session = new Session(version, this.paymentRequest());
    } catch (cause) {
      return this.fail('ERROR', APPLE_PAY_ERRORS.serviceFailed, cause);
    }
    this.wire(session);
    const onClick = this.options.onClick ?? ((resolve) => resolve());
    return new Promise<void>((resolve, reject) => onClick(resolve, reject)).then(
      () => {
        try {
          session.begin();
        } catch (cause) {
          this.reportCheckoutError(new CheckoutError('ERROR', APPLE_PAY_ERRORS.serviceFailed, { cause }));
        }
      },
      // A merchant's onClick rejection keeps the shopper on the page; nothing failed.
      () => undefined,
    );
  }

  /** @internal */
  protected formatData(): ComponentData {
    const state = this.authorized;
    return {
      paymentMethod: {
        type: 'applepay',
        ...(state ? { applePayToken: state.applePayToken } : {}),
        ...(this.options.isExpress ? { subtype: 'express' } : {}),
      },
      ...(state?.billingAddress ? { billingAddress: state.billingAddress } : {}),
      ...(state?.deliveryAddress ? { deliveryAddress: state.deliveryAddress } : {}),
    } as ComponentData;
  }

  /** @internal The sheet shows the payment's end; then the usual final screen. */
  override onFinalResult(kind: 'success' | 'failure', response: PaymentResponse | undefined): void {
    this.completeSheet?.(kind === 'success');
    this.completeSheet = undefined;
    super.onFinalResult(kind, response);
  }

  /** @internal */
  renderView() {
    return <ApplePayView element={this} />;
  }

  private version(): number | undefined {
    const Session = applePaySession();
    if (!Session) return undefined;
    return this.options.version ?? resolveSupportedVersion(Session);
  }

  private paymentRequest() {
    const { options } = this;
    return buildPaymentRequest({
      amount: this.amount,
      countryCode: options.countryCode ?? this.checkout.countryCode,
      totalPriceLabel: options.totalPriceLabel ?? options.configuration?.merchantName,
      totalPriceStatus: options.totalPriceStatus ?? 'final',
      merchantCapabilities: options.merchantCapabilities ?? ['supports3DS'],
      supportedNetworks: options.brands?.length
        ? brandsToNetworks(options.brands)
        : (options.supportedNetworks ?? DEFAULT_NETWORKS),
      lineItems: options.lineItems,
      shippingMethods: options.shippingMethods,
      shippingType: options.shippingType,
      shippingContactEditingMode: options.shippingContactEditingMode,
      supportedCountries: options.supportedCountries,
      requiredBillingContactFields: options.requiredBillingContactFields,
      requiredShippingContactFields: options.requiredShippingContactFields,
      billingContact: options.billingContact,
      shippingContact: options.shippingContact,
      applicationData: options.applicationData,
    });
  }

  /** Connects the session's events to the merchant's callbacks and the payment pipeline. */
  private wire(session: ApplePaySessionInstance) {
    const { options } = this;
    session.onvalidatemerchant = (event) => {
      const validate =
        options.onValidateMerchant ??
        ((resolve, reject) => {
          fetchMerchantSession(this.checkout, options).then(resolve, reject);
        });
      new Promise<unknown>((resolve, reject) => validate(resolve, reject, event.validationURL)).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (cause: unknown) => {
          session.abort();
          this.reportCheckoutError(new CheckoutError('ERROR', APPLE_PAY_ERRORS.serviceFailed, { cause }));
        },
      );
    };
    session.oncancel = (event) => {
      this.completeSheet = undefined;
      this.reportCheckoutError(new CheckoutError('CANCEL', APPLE_PAY_ERRORS.dismissed, { cause: event }));
    };
    const relay = <E,>(
      callback: SelectionCallback<E> | undefined,
      complete: (update: ApplePayUpdate) => void,
    ) =>
      callback
        ? (event: E) => {
            new Promise<ApplePayUpdate>((resolve, reject) => callback(resolve, reject, event)).then(
              complete,
              (update?: ApplePayUpdate) => complete(update ?? {}),
            );
          }
        : null;
    session.onpaymentmethodselected = relay(options.onPaymentMethodSelected, (update) =>
      session.completePaymentMethodSelection(update),
    );
    if (options.isExpress) {
      session.onshippingcontactselected = relay(options.onShippingContactSelected, (update) =>
        session.completeShippingContactSelection(update),
      );
      session.onshippingmethodselected = relay(options.onShippingMethodSelected, (update) =>
        session.completeShippingMethodSelection(update),
      );
    }
    session.onpaymentauthorized = (event) => void this.pay(session, event);
  }

  /** The shopper authorised: onAuthorized, then the payments call; the sheet shows the outcome. */
  private async pay(session: ApplePaySessionInstance, event: ApplePayAuthorizedEvent) {
    const Session = applePaySession()!;
    const { payment } = event;
    this.authorized = {
      applePayToken: btoa(JSON.stringify(payment.token.paymentData)),
      billingAddress: contactToAddress(payment.billingContact),
      deliveryAddress: contactToAddress(payment.shippingContact, true),
    };
    this.completeSheet = (success) =>
      session.completePayment({ status: success ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE });
    try {
      await this.confirmAuthorized(event);
    } catch (error) {
      this.completeSheet?.(false);
      this.completeSheet = undefined;
      this.onFinalResult('failure', undefined);
      this.callbacks.onPaymentFailed?.(
        { resultCode: 'Error', error: { applePayError: error } } as PaymentResponse,
        this,
      );
      return;
    }
    this.checkout.analytics.send('info', { type: 'submit', component: this.type });
    await submitPayment(this);
    // Neither success nor failure reached (the merchant's onSubmit declined): the sheet must still close.
    this.completeSheet?.(false);
    this.completeSheet = undefined;
  }

  private confirmAuthorized(event: ApplePayAuthorizedEvent): Promise<void> {
    const onAuthorized = this.options.onAuthorized;
    if (!onAuthorized) return Promise.resolve();
    const { billingAddress, deliveryAddress } = this.authorized!;
    return new Promise<void>((resolve, reject) =>
      onAuthorized(
        {
          authorizedEvent: event,
          ...(billingAddress ? { billingAddress } : {}),
          ...(deliveryAddress ? { deliveryAddress } : {}),
        },
        { resolve, reject },
      ),
    );
  }

  private fail(type: 'ERROR' | 'IMPLEMENTATION_ERROR', message: string, cause?: unknown): Promise<void> {
    this.reportCheckoutError(new CheckoutError(type, message, cause === undefined ? {} : { cause }));
    return Promise.resolve();
  }
}
