import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData, PaymentMethod, PaymentResponse, StoredPaymentMethod } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { Redirect } from '../redirect/redirect.tsx';
import { DropinView } from './dropin-view.tsx';
import { OWN_COMPONENT_TYPES } from './own-component-types.ts';

/** A component class the drop-in can instantiate for a payment-method entry. */
export interface PaymentMethodComponent {
  new (checkout: Checkout, options: Record<string, unknown>): PaymentElement;
  type: string;
  txVariants?: readonly string[];
}

/** A method whose code is fetched only when the shopper opens it (keeps the initial bundle small). */
export interface LazyPaymentMethodComponent {
  txVariants: readonly string[];
  /** Downloads the method's code. */
  load(): Promise<PaymentMethodComponent | { default: PaymentMethodComponent }>;
}

export interface DropinOptions extends ElementOptions {
  paymentMethodComponents?: (PaymentMethodComponent | LazyPaymentMethodComponent)[];
  openFirstPaymentMethod?: boolean;
  openFirstStoredPaymentMethod?: boolean;
  showStoredPaymentMethods?: boolean;
  showPaymentMethods?: boolean;
  showRemovePaymentMethodButton?: boolean;
  /** Payment-method types shown as instant-payment buttons above the list. */
  instantPaymentTypes?: string[];
  /** Allow list of types; when set, others are hidden. */
  allowPaymentMethods?: string[];
  /** Remove list of types. */
  removePaymentMethods?: string[];
  disableFinalAnimation?: boolean;
  /** Per type options, e.g. `{ card: { hasHolderName: true } }`. */
  paymentMethodsConfiguration?: Record<string, Record<string, unknown>>;
  /** The shopper opened a method. */
  onSelect?(element: PaymentElement): void;
  /** The list of methods is shown. */
  onReady?(): void;
}

/** Types the drop-in never lists. */
const EXCLUDED_TYPES = new Set(['androidpay', 'samsungpay', 'clicktopay']);
const INSTANT_PAYMENT_TYPES = new Set(['paywithgoogle', 'googlepay', 'applepay']);
const UPI_VARIANTS = new Set(['upi_qr', 'upi_collect', 'upi_intent']);
const STORED_TYPES = new Set(['scheme', 'blik', 'twint', 'ach', 'cashapp', 'paybybank_AIS_DD']);

export interface DropinEntry {
  key: string;
  type: string;
  name: string;
  stored: boolean;
  instant: boolean;
  method: PaymentMethod | StoredPaymentMethod;
}

/**
 * The drop-in: lists the session's or merchant's payment methods (stored first), opens one at a
 * time, and shows the final success or error screen.
 */
export class Dropin extends PaymentElement<DropinOptions> {
  static override type = 'dropin';
  private readonly elements = new Map<string, PaymentElement>();
  private readonly registry = new Map<string, PaymentMethodComponent | LazyPaymentMethodComponent>();
  activeKey: string | undefined;

  constructor(checkout: Checkout, options: DropinOptions = {}) {
    super(checkout, options);
    for (const component of options.paymentMethodComponents ?? []) {
      const types =
        'load' in component ? component.txVariants : [component.type, ...(component.txVariants ?? [])];
      for (const type of types) this.registry.set(type, component);
    }
  }

  /** The entries to show, in order: instant buttons, stored methods, then the others. */
  get entries(): DropinEntry[] {
    const { allowPaymentMethods, removePaymentMethods, instantPaymentTypes = [] } = this.options;
    const allowed = (type: string) =>
      !EXCLUDED_TYPES.has(type) &&
      (!allowPaymentMethods || allowPaymentMethods.includes(type)) &&
      !removePaymentMethods?.includes(type);
    const response = this.checkout.paymentMethodsResponse;
    const stored =
      this.options.showStoredPaymentMethods === false
        ? []
        : (response.storedPaymentMethods ?? []).filter(
            (method) =>
              STORED_TYPES.has(method.type) &&
              (method.supportedShopperInteractions ?? ['Ecommerce']).includes('Ecommerce') &&
              allowed(method.type),
          );
    const listed = response.paymentMethods ?? [];
    // The UPI component offers QR, collect and intent itself: with it listed, the variants are not.
    const hidden = listed.some((method) => method.type === 'upi') ? UPI_VARIANTS : undefined;
    const regular =
      this.options.showPaymentMethods === false
        ? []
        : listed.filter((method) => allowed(method.type) && !hidden?.has(method.type));
    const toEntry = (method: PaymentMethod | StoredPaymentMethod, isStored: boolean): DropinEntry => ({
      // Gift cards share one type: their brand tells the entries apart.
      key: isStored
        ? `stored-${(method as StoredPaymentMethod).id}`
        : `method-${method.type}${method.type === 'giftcard' && method.brand ? `-${method.brand}` : ''}`,
      type: method.type,
      // A stored card shows its last digits; a stored account without them (a Blik) its name.
      name:
        isStored && (method as StoredPaymentMethod).lastFour
          ? `•••• ${(method as StoredPaymentMethod).lastFour}`
          : (method.name ?? method.type),
      stored: isStored,
      instant:
        !isStored && instantPaymentTypes.includes(method.type) && INSTANT_PAYMENT_TYPES.has(method.type),
      method,
    });
    const entries = [
      ...stored.map((method) => toEntry(method, true)),
      ...regular.map((method) => toEntry(method, false)),
    ];
    return entries.filter((entry) => {
      if (this.componentFor(entry.type)) return true;
      console.warn(
        `Actuate checkout: payment method "${entry.type}" has not been configured; add its component to paymentMethodComponents.`,
      );
      return false;
    });
  }

  /**
   * The component of a type: the registered one, else the generic redirect for a type that needs
   * nothing of its own (e.g. a plain bank redirect), else none (the entry is left out).
   */
  private componentFor(type: string): PaymentMethodComponent | LazyPaymentMethodComponent | undefined {
    return this.registry.get(type) ?? (OWN_COMPONENT_TYPES.has(type) ? undefined : Redirect);
  }

  /** The entry opened at start: first stored, else first regular (not in Finland, as in Adyen Web). */
  get initialEntry(): DropinEntry | undefined {
    if (this.checkout.countryCode?.toUpperCase() === 'FI') return undefined;
    const list = this.entries.filter((entry) => !entry.instant);
    const firstStored = list.find((entry) => entry.stored);
    if (firstStored && this.options.openFirstStoredPaymentMethod !== false) return firstStored;
    if (this.options.openFirstPaymentMethod === false) return undefined;
    return list.find((entry) => !entry.stored);
  }

  /** Creates (once) and caches the element of an entry; lazy components load first. */
  async elementFor(entry: DropinEntry): Promise<PaymentElement> {
    const cached = this.elements.get(entry.key);
    if (cached) return cached;
    const registered = this.componentFor(entry.type)!;
    let component: PaymentMethodComponent;
    if ('load' in registered) {
      const loaded = await registered.load();
      component = 'default' in loaded ? loaded.default : loaded;
    } else {
      component = registered;
    }
    const configuration =
      this.options.paymentMethodsConfiguration?.[entry.stored ? 'storedCard' : entry.type] ??
      this.options.paymentMethodsConfiguration?.[entry.type === 'scheme' ? 'card' : entry.type] ??
      {};
    const element = new component(this.checkout, {
      ...configuration,
      ...entry.method,
      ...(entry.stored ? { storedPaymentMethodId: (entry.method as StoredPaymentMethod).id } : {}),
      isDropin: true,
      ...(entry.instant ? { isInstantPayment: true } : {}),
      showPayButton: this.options.showPayButton ?? this.checkout.options.showPayButton ?? true,
      onElementFinalResult: (kind: 'success' | 'failure', response: PaymentResponse | undefined) =>
        this.showFinalResult(kind, response),
      ...this.forwardedCallbacks(),
    });
    this.elements.set(entry.key, element);
    return element;
  }

  /** Element-level callbacks the merchant gave the drop-in apply to every method in it. */
  private forwardedCallbacks() {
    const {
      paymentMethodComponents: _components,
      paymentMethodsConfiguration: _configuration,
      ...rest
    } = this.options;
    return Object.fromEntries(
      Object.entries(rest).filter(
        ([name, value]) =>
          name.startsWith('on') && typeof value === 'function' && name !== 'onSelect' && name !== 'onReady',
      ),
    );
  }

  get activeElement(): PaymentElement | undefined {
    return this.activeKey ? this.elements.get(this.activeKey) : undefined;
  }

  /** Opens the method with this key (or closes every one). */
  select(key: string | undefined): void {
    this.activeKey = key;
    this.view.set({ revision: this.view.get().revision + 1 });
    const element = this.activeElement;
    if (element) this.options.onSelect?.(element);
  }

  /** @internal */
  showFinalResult(kind: 'success' | 'failure', response: PaymentResponse | undefined): void {
    if (kind === 'success') {
      const preauthorized = this.checkout.amount?.value === 0;
      this.setStatus('success', {
        message: this.checkout.i18n.get(preauthorized ? 'payment.preauthorized' : 'creditCard.success'),
      });
    } else {
      const message = this.checkout.i18n.get(
        response?.resultCode === 'Refused' ? 'error.subtitle.refused' : 'error.subtitle.payment',
      );
      this.setStatus('error', { message });
    }
    this.checkout.liveRegion.announce(this.view.get().message ?? '');
  }

  /** Removes a stored method after the merchant's onDisableStoredPaymentMethod resolves. */
  disableStoredPaymentMethod(entry: DropinEntry): Promise<void> {
    const handler = this.callbacks.onDisableStoredPaymentMethod;
    if (!handler) return Promise.resolve();
    const id = (entry.method as StoredPaymentMethod).id;
    return new Promise<void>((resolve, reject) => handler(id, resolve, reject)).then(() => {
      const response = this.checkout.paymentMethodsResponse;
      this.checkout.paymentMethodsResponse = {
        ...response,
        storedPaymentMethods: (response.storedPaymentMethods ?? []).filter((method) => method.id !== id),
      };
      this.elements.get(entry.key)?.remove();
      this.elements.delete(entry.key);
      if (this.activeKey === entry.key) this.activeKey = undefined;
      this.view.set({ revision: this.view.get().revision + 1 });
    });
  }

  override get isValid(): boolean {
    return this.activeElement?.isValid ?? false;
  }

  override submit(): Promise<void> {
    const element = this.activeElement;
    if (!element) {
      this.callbacks.onError?.(new CheckoutError('ERROR', 'No active payment method.'), this);
      return Promise.resolve();
    }
    return element.submit();
  }

  override showValidation(): this {
    this.activeElement?.showValidation();
    return this;
  }

  protected formatData(): ComponentData {
    const element = this.activeElement;
    if (!element) return { paymentMethod: { type: 'none' } };
    const { clientStateDataIndicator: _indicator, ...data } = element.data;
    return data;
  }

  override remove(): void {
    for (const element of this.elements.values()) element.remove();
    this.elements.clear();
    super.remove();
  }

  renderView() {
    return <DropinView dropin={this} />;
  }
}
