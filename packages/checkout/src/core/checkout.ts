import type { Amount } from './amount.ts';
import { Analytics, type AnalyticsOptions } from './analytics.ts';
import { collectBrowserInfo } from './browser-info.ts';
import type { CheckoutCallbacks, ElementStatus } from './callbacks.ts';
import { resolveEnvironment } from './environment.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';
import type { Translations } from './i18n/en-US.ts';
import { assertLocale, DEFAULT_LOCALE, type I18n, loadI18n, type MethodTranslations } from './i18n/i18n.ts';
import { LiveRegion } from './live-region.ts';
import { type FlowHost, submitAdditionalDetails } from './payment-flow.ts';
import { RiskModule, type RiskOptions } from './risk.ts';
import { loadScript } from './script-loader.ts';
import { CheckoutSession, type SessionReference } from './session.ts';
import type { CheckoutTheme, SecuredFieldStyles } from './theme.ts';
import type {
  AdditionalDetailsData,
  InstallmentOptions,
  Order,
  PaymentAction,
  PaymentData,
  PaymentMethodsResponse,
  PaymentResponse,
} from './types.ts';

export interface CheckoutOptions extends CheckoutCallbacks {
  clientKey: string;
  /** The gateway's client API root, e.g. http://localhost:8080/ */
  environmentUrl: string;
  /** Sessions flow: the id and sessionData from the merchant server's POST /sessions. */
  session?: SessionReference;
  /** Advanced flow: the amount and the merchant's /paymentMethods response. */
  amount?: Amount;
  paymentMethodsResponse?: PaymentMethodsResponse;
  countryCode?: string;
  /**
   * The shopper's locale (`fr-CH`, `ar`, `nb_NO`…), matched to a shipped one (`SHIPPED_LOCALES`) or
   * en-US; Arabic renders right to left. Without it, the session's shopperLocale, else en-US.
   */
  locale?: string;
  /** Merchant overrides per locale: `{ 'en-US': { payButton: 'Buy now' } }`. */
  translations?: Record<string, Translations>;
  analytics?: AnalyticsOptions;
  risk?: RiskOptions;
  /** Nonce put on every script or style element the widget adds (for a nonce-based CSP). */
  csp?: { nonce?: string };
  /** Default for every component's own pay button (true). */
  showPayButton?: boolean;
  order?: Order;
  /** Extra options per payment method type, e.g. `{ scheme: { hasHolderName: true } }`. */
  paymentMethodsConfiguration?: Record<string, Record<string, unknown>>;
  /** The page's font, colours and radius, for the widget and inside the secured fields (theme.ts). */
  theme?: CheckoutTheme;
  /**
   * The inputs inside every component's secured-field frames (card, gift card, ACH) per state:
   * `base`, `error`, `validated`, `placeholder`. Over the theme; a component's own `styles` win.
   */
  styles?: SecuredFieldStyles;
  /**
   * Where each external SDK (wallets, card-scheme Click to Pay, buy-now-pay-later widgets) is loaded
   * from, by the name its payment method gives it (e.g. `googlepay`, `applepay`, `paypal`). Absent:
   * the provider's own URL. The sandbox gateway serves simulators of these SDKs under
   * `sdk-simulators/`, so a hermetic test page points here instead: the widget code stays the same.
   */
  sdkUrls?: Partial<Record<string, string>>;
}

/** Creates the component that handles one action type (redirect, threeDS2, …). */
export type ActionHandler = (
  checkout: Checkout,
  action: PaymentAction,
  options: Record<string, unknown>,
) => ActionElement;

/** The surface of an element created from an action; kept structural to avoid an import cycle. */
export interface ActionElement {
  readonly type: string;
  /** Renders the action into the element (or the first match of a selector). */
  mount(target: string | HTMLElement): ActionElement;
  /** Removes it from the page. */
  unmount(): ActionElement;
}

/**
 * One checkout per page (or per payment): it holds the resolved environment, session, translations
 * and the core modules, and the action registry. Create it with `createCheckout`.
 */
export class Checkout {
  readonly clientKey: string;
  readonly loadingContext: string;
  readonly gatewayOrigin: string;
  /** @internal The one live region the components announce through. */
  readonly liveRegion = new LiveRegion();
  /** @internal */
  readonly analytics: Analytics;
  /** @internal */
  readonly risk: RiskModule;
  /** @internal The sessions flow's session, when there is one. */
  session: CheckoutSession | undefined;
  /** @internal The strings of the locale. */
  i18n: I18n;
  amount: Amount | undefined;
  countryCode: string | undefined;
  order: Order | undefined;
  paymentMethodsResponse: PaymentMethodsResponse;
  /** Session configuration (installments, store-details) from the setup call. */
  sessionConfiguration: { enableStoreDetails?: boolean; installmentOptions?: InstallmentOptions } = {};
  private readonly actionHandlers = new Map<string, ActionHandler>();
  private readonly methodTranslations = new Set<MethodTranslations>();
  /** Told when the order, amount or payment methods change (the drop-in lists again). */
  private readonly orderListeners = new Set<() => void>();

  constructor(
    public options: CheckoutOptions,
    i18n: I18n,
  ) {
    if (!options.clientKey)
      throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.noClientKey);
    const environment = resolveEnvironment(options.environmentUrl);
    this.clientKey = options.clientKey;
    this.loadingContext = environment.loadingContext;
    this.gatewayOrigin = environment.origin;
    this.i18n = i18n;
    this.amount = options.amount;
    this.countryCode = options.countryCode;
    this.order = options.order;
    this.paymentMethodsResponse = validatePaymentMethodsResponse(options.paymentMethodsResponse);
    this.session = options.session
      ? new CheckoutSession(options.session, this.clientKey, this.loadingContext)
      : undefined;
    this.analytics = new Analytics(this.loadingContext, this.clientKey, i18n.locale, options.analytics);
    this.risk = new RiskModule(this.loadingContext, this.gatewayOrigin, this.clientKey, {
      ...options.risk,
      onError: (error) => this.analytics.send('errors', { type: 'risk', message: error.message }),
    });
  }

  /** A payment method's strings (its folder's `translations.ts`), kept across locale changes. */
  addTranslations(bundle: MethodTranslations): void {
    if (this.methodTranslations.has(bundle)) return;
    this.methodTranslations.add(bundle);
    this.i18n.add(bundle);
  }

  /** Registers the component that handles an action type; later payment-method folders add theirs. */
  registerAction(type: string, handler: ActionHandler): void {
    this.actionHandlers.set(type, handler);
  }

  /** Creates the component for an action from a payments or details response (not the whole response). */
  createFromAction(action: PaymentAction, options: Record<string, unknown> = {}): ActionElement {
    if (!action || typeof action !== 'object' || typeof action.type !== 'string') {
      const looksLikeResponse =
        action && typeof action === 'object' && ('action' in action || 'resultCode' in action);
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        looksLikeResponse
          ? IMPLEMENTATION_ERRORS.wholeResponseAsAction
          : IMPLEMENTATION_ERRORS.actionWithoutType,
      );
    }
    const handler = this.actionHandlers.get(action.type);
    if (!handler)
      throw new CheckoutError('ERROR', `Action Element of type ${action.type} not found in the registry`);
    this.options.onActionHandled?.({
      componentType: action.type,
      actionDescription: `${action.type}-action`,
    });
    return handler(this, action, options);
  }

  /** After a redirect returns (or for details the merchant collected): submits them to payments/details. */
  submitDetails(details: AdditionalDetailsData): Promise<void> {
    return submitAdditionalDetails(this.flowHost(), details);
  }

  /**
   * Changes options (amount, locale, translations, callbacks…) and reloads translations when needed.
   * `order` (or `order: undefined`) sets the open order; a session is set up again with it, which
   * gives the remaining amount and the payment methods for it.
   */
  async update(options: Partial<CheckoutOptions>): Promise<this> {
    this.options = { ...this.options, ...options };
    const orderChanged = 'order' in options;
    if (orderChanged) this.order = options.order;
    if (options.amount) this.amount = options.amount;
    if (options.countryCode) this.countryCode = options.countryCode;
    if (options.paymentMethodsResponse)
      this.paymentMethodsResponse = validatePaymentMethodsResponse(options.paymentMethodsResponse);
    if (options.locale || options.translations) {
      this.i18n = await loadI18n(
        this.options.locale ?? this.i18n.locale,
        this.options.translations,
        this.loadingContext,
      );
      for (const bundle of this.methodTranslations) this.i18n.add(bundle);
    }
    if (orderChanged) await this.setUpSession();
    if (orderChanged || options.amount || options.paymentMethodsResponse)
      for (const listener of this.orderListeners) listener();
    return this;
  }

  /** Subscribes to order, amount and payment-method changes; returns the unsubscribe function. */
  onOrderChange(listener: () => void): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  /**
   * Cancels the open order (the gateway rolls back what was paid with it) and shows the full amount
   * again: through the session, or the merchant's `onOrderCancel` in the advanced flow.
   */
  async cancelOrder(order: Order | undefined = this.order): Promise<void> {
    if (!order) return;
    let restored: Partial<CheckoutOptions> = {};
    if (this.session) {
      await this.session.cancelOrder(order);
    } else {
      const { onOrderCancel } = this.options;
      if (!onOrderCancel)
        throw new CheckoutError('IMPLEMENTATION_ERROR', 'Could not cancel the order: pass onOrderCancel.');
      try {
        restored =
          (await new Promise<Partial<CheckoutOptions> | undefined>((resolve, reject) =>
            onOrderCancel({ order }, { resolve, reject }),
          )) ?? {};
      } catch (error) {
        throw new CheckoutError('NETWORK_ERROR', 'Could not cancel the order', { cause: error });
      }
    }
    await this.update({ ...restored, order: undefined });
  }

  /** An external SDK's URL: the merchant's `sdkUrls[name]` if given, else the provider's `defaultUrl`. */
  sdkUrl(name: string, defaultUrl: string): string {
    const configured = this.options.sdkUrls?.[name];
    return typeof configured === 'string' && configured !== '' ? configured : defaultUrl;
  }

  /** Loads a payment method's external SDK with the merchant's CSP nonce (`csp.nonce`). */
  loadScript(src: string, attributes?: Record<string, string>): Promise<void> {
    return loadScript(src, { nonce: this.options.csp?.nonce, ...(attributes ? { attributes } : {}) });
  }

  /** Stops timers and removes the page-level nodes (risk frame, live region). */
  destroy(): void {
    this.analytics.destroy();
    this.risk.destroy();
    this.liveRegion.destroy();
  }

  /** The checkout acting as its own host (redirect returns have no element). */
  private flowHost(): FlowHost {
    return {
      type: 'checkout',
      isValid: true,
      callbacks: this.options,
      session: this.session,
      setStatus: (_status: ElementStatus) => {},
      showValidation: () => {},
      paymentData: async () =>
        ({ paymentMethod: { type: 'none' }, clientStateDataIndicator: true }) as PaymentData,
      // Without an element there is nowhere to show an action: the merchant mounts it.
      handleAction: (action) => {
        const error = new CheckoutError(
          'ERROR',
          `The details response needs an action of type ${action.type}: mount checkout.createFromAction(action).`,
        );
        if (this.options.onError) this.options.onError(error);
        else console.error(error);
      },
      onFinalResult: (_kind: 'success' | 'failure', _response: PaymentResponse | undefined) => {},
      updateOrder: (order) => {
        this.update({ order }).catch((error: unknown) => this.options.onError?.(error as CheckoutError));
      },
    };
  }

  /** @internal Sessions flow: the setup call (amount, methods, configuration); `update()` repeats it. */
  async setUpSession(): Promise<void> {
    if (!this.session) return;
    const response = await this.session.setup(collectBrowserInfo(), this.order);
    this.amount = response.amount ?? this.amount;
    this.countryCode = response.countryCode ?? this.countryCode;
    this.paymentMethodsResponse = response.paymentMethods ?? this.paymentMethodsResponse;
    this.sessionConfiguration = response.configuration ?? {};
    if (!this.options.locale && response.shopperLocale) {
      this.i18n = await loadI18n(response.shopperLocale, this.options.translations, this.loadingContext);
      for (const bundle of this.methodTranslations) this.i18n.add(bundle);
    }
  }
}

function validatePaymentMethodsResponse(response: unknown): PaymentMethodsResponse {
  if (response === undefined) return {};
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.invalidPaymentMethodsResponse);
  }
  const value = response as PaymentMethodsResponse;
  if (!value.paymentMethods?.length && !value.storedPaymentMethods?.length) {
    console.warn('Actuate checkout: paymentMethodsResponse is empty.');
  }
  return value;
}

/**
 * Creates a checkout. Sessions flow: pass `session`; the setup call fills amount, country,
 * payment methods and configuration. Advanced flow: pass `amount`, `paymentMethodsResponse`
 * and the callbacks (`onSubmit`, `onAdditionalDetails`).
 */
export async function createCheckout(
  options: CheckoutOptions,
  registerDefaultActions?: (checkout: Checkout) => void,
): Promise<Checkout> {
  if (options.locale === '')
    throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.localeNotDefined);
  if (options.locale) assertLocale(options.locale);
  // A missing or bad environment URL is reported by the constructor, after the client key check.
  let loadingContext: string | undefined;
  try {
    loadingContext = resolveEnvironment(options.environmentUrl).loadingContext;
  } catch {
    loadingContext = undefined;
  }
  const i18n = await loadI18n(options.locale ?? DEFAULT_LOCALE, options.translations, loadingContext);
  const checkout = new Checkout(options, i18n);
  registerDefaultActions?.(checkout);
  await checkout.setUpSession();
  // Neither is awaited: a slow analytics or risk service never delays or blocks the payment.
  void checkout.analytics.checkoutAttemptId();
  void checkout.risk.start();
  return checkout;
}
