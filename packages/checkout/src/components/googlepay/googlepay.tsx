import { useEffect, useRef, useState } from 'react';
import { collectBrowserInfo } from '../../core/browser-info.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { submitPayment } from '../../core/payment-flow.ts';
import type { ComponentData, Order, PaymentAction, PaymentResponse } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { type PaymentAddress, toPaymentAddress } from './address.ts';
import {
  AVAILABILITY_TIMEOUT_MS,
  buttonLocale,
  cardNetworks,
  DEFAULT_AUTH_METHODS,
  DEFAULT_SDK_URL,
  paymentDataRequest,
  type RequestSettings,
  readyToPayRequest,
  walletEnvironment,
} from './request.ts';
import { translations } from './translations.ts';
import {
  paymentsClientClass,
  type WalletAuthorizationResult,
  type WalletPaymentData,
  type WalletPaymentDataError,
  type WalletPaymentsClient,
} from './wallet-api.ts';

export interface GooglePayOptions
  extends ElementOptions,
    Partial<Omit<RequestSettings, 'merchantId' | 'gatewayMerchantId'>> {
  /** The payment-method entry (the drop-in passes it whole): `type`, `brands`, `configuration`. */
  type?: string;
  name?: string;
  brands?: string[];
  configuration?: {
    merchantId?: string;
    gatewayMerchantId?: string;
    merchantName?: string;
    merchantOrigin?: string;
    authJwt?: string;
  };
  /** `test`, `live`, `production`…: PRODUCTION for live or production names, else TEST. Default: by the client key. */
  environment?: string;
  /** Express checkout: the sheet collects the address; `paymentDataCallbacks` may change the total. */
  isExpress?: boolean;
  /** Express only: the wallet's onPaymentDataChanged (shipping address or option changed). */
  paymentDataCallbacks?: {
    /** Answers the sheet's change with new totals or an error. */
    onPaymentDataChanged?(data: unknown): unknown;
  };
  buttonType?: string;
  buttonColor?: string;
  buttonSizeMode?: 'static' | 'fill';
  buttonLocale?: string;
  buttonRadius?: number;
  /** Internal: shown above the drop-in's list. */
  isInstantPayment?: boolean;
  /** Before the sheet opens: resolve to open it, reject to stay. */
  onClick?(resolve: () => void, reject: (reason?: unknown) => void): void;
  /** The shopper approved in the sheet: resolve to pay, reject (with a wallet error or text) to show it there. */
  onAuthorized?(
    data: {
      authorizedEvent: WalletPaymentData;
      billingAddress?: PaymentAddress;
      deliveryAddress?: PaymentAddress;
    },
    actions: { resolve(): void; reject(error?: WalletPaymentDataError | string): void },
  ): void;
}

interface WalletState {
  googlePayToken?: string;
  googlePayCardNetwork?: string;
  billingAddress?: PaymentAddress;
  deliveryAddress?: PaymentAddress;
}

/**
 * The browser wallet (Google-Pay-type): renders the wallet's own button, opens its sheet and pays
 * while the sheet is open (PAYMENT_AUTHORIZATION), so the sheet shows a refusal itself. A 3-D Secure
 * action that follows is handled by the usual flow in the component's place.
 */
export class GooglePay extends PaymentElement<GooglePayOptions> {
  static override type = 'googlepay';
  static txVariants = ['googlepay', 'paywithgoogle'] as const;
  private wallet: WalletState = {};
  private clientPromise: Promise<WalletPaymentsClient> | undefined;
  private settleAuthorization: ((result: WalletAuthorizationResult) => void) | undefined;

  constructor(checkout: Checkout, options: GooglePayOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
    if (options.paymentDataCallbacks?.onPaymentDataChanged && options.isExpress !== true)
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        'GooglePay - You must set "isExpress" flag to "true" in order to use "onPaymentDataChanged" callback',
      );
  }

  override get type(): string {
    return this.options.type === 'paywithgoogle' ? 'paywithgoogle' : 'googlepay';
  }

  /** Valid only once the wallet has handed over its token (spec §5). */
  override get isValid(): boolean {
    return Boolean(this.wallet.googlePayToken);
  }

  /** @internal The request's settings from the entry, the checkout and the merchant's options. */
  get settings(): RequestSettings {
    const o = this.options;
    const configuration = o.configuration ?? {};
    return {
      merchantId: configuration.merchantId ?? '',
      gatewayMerchantId: configuration.gatewayMerchantId ?? '',
      merchantName: configuration.merchantName,
      merchantOrigin: configuration.merchantOrigin,
      authJwt: configuration.authJwt,
      amount: o.amount ?? this.checkout.amount ?? { value: 0, currency: 'USD' },
      countryCode: o.countryCode ?? this.checkout.countryCode,
      totalPriceStatus: o.totalPriceStatus ?? 'FINAL',
      totalPriceLabel: o.totalPriceLabel,
      transactionInfo: o.transactionInfo,
      allowedAuthMethods: o.allowedAuthMethods ?? [...DEFAULT_AUTH_METHODS],
      allowedCardNetworks: cardNetworks(o.allowedCardNetworks, o.brands),
      allowCreditCards: o.allowCreditCards ?? true,
      allowPrepaidCards: o.allowPrepaidCards ?? true,
      assuranceDetailsRequired: o.assuranceDetailsRequired ?? false,
      billingAddressRequired: o.billingAddressRequired ?? false,
      billingAddressParameters: o.billingAddressParameters,
      emailRequired: o.emailRequired ?? false,
      shippingAddressRequired: o.shippingAddressRequired ?? false,
      shippingAddressParameters: o.shippingAddressParameters,
      shippingOptionRequired: o.shippingOptionRequired ?? false,
      shippingOptionParameters: o.shippingOptionParameters,
      callbackIntents: o.callbackIntents ?? [],
      existingPaymentMethodRequired: o.existingPaymentMethodRequired ?? false,
    };
  }

  /** The wallet's client, its script loaded once (from `sdkUrls.googlepay` when the merchant set one). */
  client(): Promise<WalletPaymentsClient> {
    this.clientPromise ??= (async () => {
      if (!paymentsClientClass()) await this.checkout.loadScript(this.scriptUrl());
      const PaymentsClient = paymentsClientClass();
      if (!PaymentsClient) throw new CheckoutError('SCRIPT_ERROR', 'Unable to load script');
      const { isExpress, paymentDataCallbacks } = this.options;
      const environment =
        this.options.environment ?? (this.checkout.clientKey.startsWith('live_') ? 'live' : 'test');
      return new PaymentsClient({
        environment: walletEnvironment(environment),
        paymentDataCallbacks: {
          onPaymentAuthorized: (data) => this.authorize(data),
          ...(isExpress && paymentDataCallbacks?.onPaymentDataChanged
            ? { onPaymentDataChanged: paymentDataCallbacks.onPaymentDataChanged }
            : {}),
        },
      });
    })();
    this.clientPromise.catch(() => {
      this.clientPromise = undefined;
    });
    return this.clientPromise;
  }

  /** A sandbox simulator (a merchant-set URL) learns the client key from its URL to reach the gateway. */
  private scriptUrl(): string {
    const url = this.checkout.sdkUrl('googlepay', DEFAULT_SDK_URL);
    if (url === DEFAULT_SDK_URL) return url;
    const withKey = new URL(url, document.baseURI);
    withKey.searchParams.set('clientKey', this.checkout.clientKey);
    return withKey.href;
  }

  /** The wallet's own answer (`{result, paymentMethodPresent}`). */
  async isReadyToPay() {
    return (await this.client()).isReadyToPay(readyToPayRequest(this.settings));
  }

  /** Resolves when the shopper can pay with the wallet here; rejects (ERROR) otherwise or after 5 s. */
  isAvailable(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CheckoutError('ERROR', 'GooglePay is not available')),
        AVAILABILITY_TIMEOUT_MS,
      );
    });
    const check = this.isReadyToPay().then((response) => {
      if (!response.result) throw new CheckoutError('ERROR', 'GooglePay is not available');
      if (response.paymentMethodPresent === false)
        throw new CheckoutError('ERROR', 'GooglePay - No paymentMethodPresent');
    });
    return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  }

  /** Lets the wallet prepare the sheet before the shopper clicks. */
  prefetch(): void {
    void this.client().then((client) => client.prefetchPaymentData(paymentDataRequest(this.settings)));
  }

  /** Opens the wallet's sheet (after the merchant's onClick resolves); the payment runs from the sheet. */
  override submit(): Promise<void> {
    this.checkout.analytics.send('info', { type: 'submit', component: this.type });
    const onClick = this.options.onClick ?? ((resolve: () => void) => resolve());
    return new Promise<void>((resolve, reject) => onClick(resolve, reject)).then(
      () => this.showSheet(),
      () => undefined, // A merchant's onClick rejection is silent.
    );
  }

  private async showSheet(): Promise<void> {
    try {
      const client = await this.client();
      await client.loadPaymentData(paymentDataRequest(this.settings));
    } catch (error) {
      const statusCode = (error as { statusCode?: string } | undefined)?.statusCode;
      this.reportCheckoutError(
        error instanceof CheckoutError
          ? error
          : new CheckoutError(statusCode === 'CANCELED' ? 'CANCEL' : 'ERROR', String(error), {
              cause: error,
            }),
      );
    }
  }

  /** The sheet's PAYMENT_AUTHORIZATION: keep the token, ask the merchant, pay, and answer the sheet. */
  private async authorize(data: WalletPaymentData): Promise<WalletAuthorizationResult> {
    const info = data.paymentMethodData.info;
    const billingAddress = toPaymentAddress(info?.billingAddress, 'billing');
    const deliveryAddress = toPaymentAddress(data.shippingAddress, 'delivery');
    this.wallet = {
      googlePayToken: data.paymentMethodData.tokenizationData.token,
      googlePayCardNetwork: info?.cardNetwork,
      ...(billingAddress ? { billingAddress } : {}),
      ...(deliveryAddress ? { deliveryAddress } : {}),
    };
    const { onAuthorized } = this.options;
    if (onAuthorized) {
      try {
        await new Promise<void>((resolve, reject) =>
          onAuthorized(
            {
              authorizedEvent: data,
              ...(billingAddress ? { billingAddress } : {}),
              ...(deliveryAddress ? { deliveryAddress } : {}),
            },
            { resolve, reject },
          ),
        );
      } catch (reason) {
        return this.errorResult(reason as WalletPaymentDataError | string | undefined);
      }
    }
    return new Promise<WalletAuthorizationResult>((resolve) => {
      this.settleAuthorization = resolve;
      void submitPayment(this).finally(() => this.settle(this.errorResult(undefined)));
    });
  }

  private errorResult(reason: WalletPaymentDataError | string | undefined): WalletAuthorizationResult {
    const fallback = this.checkout.i18n.get('error.subtitle.payment');
    const error = typeof reason === 'string' || reason === undefined ? { message: reason } : reason;
    return {
      transactionState: 'ERROR',
      error: {
        intent: error.intent ?? 'PAYMENT_AUTHORIZATION',
        reason: error.reason ?? 'OTHER_ERROR',
        message: error.message || fallback,
      },
    };
  }

  /** Answers the sheet once (the first outcome of the payment pipeline wins). */
  private settle(result: WalletAuthorizationResult) {
    const settle = this.settleAuthorization;
    this.settleAuthorization = undefined;
    settle?.(result);
  }

  /** @internal An action (3-D Secure) follows: the sheet closes as approved, the action shows here. */
  override handleAction(action: PaymentAction): void {
    this.settle({ transactionState: 'SUCCESS' });
    super.handleAction(action);
  }

  /** @internal */
  override updateOrder(order: Order): void {
    this.settle({ transactionState: 'SUCCESS' });
    super.updateOrder(order);
  }

  /** @internal */
  override onFinalResult(kind: 'success' | 'failure', response: PaymentResponse | undefined): void {
    if (kind === 'success') this.settle({ transactionState: 'SUCCESS' });
    else {
      const refused = response?.resultCode === 'Refused';
      this.settle(this.errorResult(refused ? this.checkout.i18n.get('error.subtitle.refused') : undefined));
      this.wallet = {};
    }
    super.onFinalResult(kind, response);
  }

  protected formatData(): ComponentData {
    const { googlePayToken, googlePayCardNetwork, billingAddress, deliveryAddress } = this.wallet;
    return {
      paymentMethod: {
        type: this.type,
        ...(googlePayCardNetwork ? { googlePayCardNetwork } : {}),
        ...(googlePayToken ? { googlePayToken } : {}),
        ...(this.options.isExpress ? { subtype: 'express' } : {}),
      },
      browserInfo: collectBrowserInfo(),
      origin: window.location.origin,
      ...(billingAddress ? { billingAddress } : {}),
      ...(deliveryAddress ? { deliveryAddress } : {}),
    };
  }

  /** @internal The button options as the wallet takes them. */
  get buttonOptions() {
    const o = this.options;
    const locale = buttonLocale(o.buttonLocale ?? this.checkout.i18n.locale);
    return {
      onClick: () => void this.submit(),
      buttonType: o.buttonType ?? 'buy',
      buttonColor: o.buttonColor ?? 'default',
      buttonSizeMode: o.buttonSizeMode ?? (o.isDropin ? 'fill' : 'static'),
      ...(locale ? { buttonLocale: locale } : {}),
      ...(o.buttonRadius !== undefined ? { buttonRadius: o.buttonRadius } : {}),
    };
  }

  renderView() {
    return <GooglePayView element={this} />;
  }
}

function GooglePayView({ element }: { element: GooglePay }) {
  const view = useViewState(element);
  const slot = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const showButton = element.props.showPayButton !== false;

  useEffect(() => {
    if (!showButton) return;
    let live = true;
    element
      .isAvailable()
      .then(() => element.client())
      .then((client) => {
        if (!live || !slot.current) return;
        slot.current.replaceChildren(client.createButton(element.buttonOptions));
      })
      .catch((error: unknown) => {
        if (!live) return;
        setUnavailable(true);
        // Not being available is an answer, not a failure; a script that did not load is reported.
        if (error instanceof CheckoutError && error.type === 'SCRIPT_ERROR')
          element.reportCheckoutError(error);
      });
    return () => {
      live = false;
    };
  }, [element, showButton]);

  if (!showButton) return null;
  return (
    <div className="actuate-checkout__googlepay" aria-busy={view.status === 'loading'}>
      <div ref={slot} className="actuate-checkout__googlepay-button" />
      {unavailable && !element.props.isInstantPayment ? (
        <p className="actuate-checkout__googlepay-unavailable">
          {element.checkout.i18n.get('googlepay.unavailable')}
        </p>
      ) : null}
      {view.message ? (
        <p className="actuate-checkout__error-text" role="alert">
          {view.message}
        </p>
      ) : null}
    </div>
  );
}
