import { WALLET_TEST_CARDS, walletCardDisplayName } from '../../../payments/methods/applepay/wallet-cards.ts';
import { redacted, WALLET_ADDRESSES, withFields } from './contacts.ts';
import { PaymentSheet, type SheetLineItem, type SheetModel, type SheetShippingMethod } from './sheet.ts';

/**
 * The sandbox's Apple Pay JS: `window.ApplePaySession` with Apple's documented surface (static
 * supportsVersion / canMakePayments / canMakePaymentsWithActiveCard, begin, abort, the complete*
 * methods and on* events). The sheet is a dialog in the page; it opens only with a merchant session
 * the gateway signed, and the payment token comes sealed from the gateway. Switches: localStorage
 * `actuate-sandbox:applepay` = `{"available": false}` or `{"activeCard": false}`.
 */
const LATEST_VERSION = 14;
const SWITCH_KEY = 'actuate-sandbox:applepay';
const CALLBACK_TIMEOUT_MS = 30_000;
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

// The gateway that served this script (…/sdk-simulators/applepay/apple-pay-sdk.js) checks sessions and mints tokens.
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src;
const gatewayRoot = scriptSrc ? new URL('../../', scriptSrc).href : `${window.location.origin}/`;

function switches(): { available?: boolean; activeCard?: boolean } {
  try {
    return JSON.parse(window.localStorage.getItem(SWITCH_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

async function gatewayPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${gatewayRoot}sdk-simulators/applepay/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

interface PaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: SheetLineItem;
  lineItems?: SheetLineItem[];
  shippingMethods?: SheetShippingMethod[];
  requiredShippingContactFields?: string[];
  requiredBillingContactFields?: string[];
}

interface Update {
  newTotal?: SheetLineItem;
  newLineItems?: SheetLineItem[];
  newShippingMethods?: SheetShippingMethod[];
  errors?: unknown[];
  status?: number;
}

type Handler = ((event: Record<string, unknown>) => void) | null;
let activeSession: ApplePaySession | undefined;

class ApplePaySession extends EventTarget {
  static readonly STATUS_SUCCESS = 0;
  static readonly STATUS_FAILURE = 1;
  static readonly STATUS_INVALID_BILLING_POSTAL_ADDRESS = 2;
  static readonly STATUS_INVALID_SHIPPING_POSTAL_ADDRESS = 3;
  static readonly STATUS_INVALID_SHIPPING_CONTACT = 4;
  static readonly STATUS_PIN_REQUIRED = 5;
  static readonly STATUS_PIN_INCORRECT = 6;
  static readonly STATUS_PIN_LOCKOUT = 7;

  static supportsVersion(version: number): boolean {
    return Number.isInteger(version) && version >= 1 && version <= LATEST_VERSION;
  }

  static canMakePayments(): boolean {
    return window.isSecureContext && switches().available !== false;
  }

  static canMakePaymentsWithActiveCard(_merchantIdentifier: string): Promise<boolean> {
    const { available, activeCard } = switches();
    return Promise.resolve(window.isSecureContext && available !== false && activeCard !== false);
  }

  static applePayCapabilities(_merchantIdentifier: string) {
    const { available, activeCard } = switches();
    const paymentCredentialStatus =
      available === false
        ? 'applePayUnsupported'
        : activeCard === false
          ? 'paymentCredentialsUnavailable'
          : 'paymentCredentialsAvailable';
    return Promise.resolve({ paymentCredentialStatus });
  }

  onvalidatemerchant: Handler = null;
  onpaymentmethodselected: Handler = null;
  onshippingcontactselected: Handler = null;
  onshippingmethodselected: Handler = null;
  onpaymentauthorized: Handler = null;
  oncancel: Handler = null;
  oncouponcodechanged: Handler = null;

  private readonly request: PaymentRequest;
  private sheet: PaymentSheet | undefined;
  private model: SheetModel;
  private merchantSession: unknown;
  private begun = false;
  private ended = false;
  private pending: { kind: string; timer: number } | undefined;

  constructor(version: number, request: PaymentRequest) {
    super();
    if (!window.isSecureContext)
      throw new DOMException(
        'Trying to start an Apple Pay session from an insecure document.',
        'InvalidAccessError',
      );
    if (!ApplePaySession.supportsVersion(version))
      throw new TypeError(`"${version}" is not a supported version.`);
    for (const field of [
      'countryCode',
      'currencyCode',
      'supportedNetworks',
      'merchantCapabilities',
      'total',
    ] as const)
      if (!request?.[field])
        throw new TypeError(`Missing required member "${field}" in the payment request.`);
    if (!request.supportedNetworks.length) throw new TypeError('"supportedNetworks" must not be empty.');
    this.request = request;
    const shipping = request.requiredShippingContactFields?.includes('postalAddress');
    this.model = {
      merchantName: '',
      currencyCode: request.currencyCode,
      lineItems: request.lineItems ?? [],
      total: request.total,
      cards: WALLET_TEST_CARDS.map((card) => ({
        id: card.id,
        label: `${walletCardDisplayName(card)}${card.declined ? ' (declined by the issuer)' : ''}`,
      })),
      cardId: WALLET_TEST_CARDS[0]!.id,
      addresses: shipping ? WALLET_ADDRESSES.map(({ id, label }) => ({ id, label })) : undefined,
      addressId: shipping ? WALLET_ADDRESSES[0]!.id : undefined,
      shippingMethods: request.shippingMethods,
      shippingMethodId: request.shippingMethods?.[0]?.identifier,
      billingSummary: request.requiredBillingContactFields?.includes('postalAddress')
        ? WALLET_ADDRESSES[0]!.label.replace(/^Home: /, '')
        : undefined,
      phase: 'validating',
      message: undefined,
    };
  }

  /** Shows the sheet and asks the page to validate the merchant; only inside a user gesture. */
  begin(): void {
    if (this.begun) throw new DOMException('The session has already begun.', 'InvalidAccessError');
    if (!navigator.userActivation?.isActive)
      throw new DOMException(
        'Must create a new ApplePaySession from a user gesture handler.',
        'InvalidAccessError',
      );
    if (activeSession)
      throw new DOMException('Page already has an active payment session.', 'InvalidAccessError');
    this.begun = true;
    activeSession = this;
    this.sheet = new PaymentSheet({
      card: (id) => this.choose({ cardId: id }, 'paymentmethod'),
      address: (id) => this.choose({ addressId: id }, 'shippingcontact'),
      shippingMethod: (id) => this.choose({ shippingMethodId: id }, 'shippingmethod'),
      pay: () => void this.pay(),
      cancel: () => this.cancel(),
    });
    this.draw();
    this.expect('merchantvalidation');
    this.fire('validatemerchant', { validationURL: VALIDATION_URL });
  }

  abort(): void {
    this.finish();
  }

  completeMerchantValidation(merchantSession: unknown): void {
    if (!this.settle('merchantvalidation')) return;
    this.merchantSession = merchantSession;
    gatewayPost<{ displayName: string }>('merchant-sessions/check', { merchantSession })
      .then(async ({ displayName }) => {
        this.update({ merchantName: displayName, phase: 'ready' });
        // Like Apple's sheet: the page hears the initial card and address before the shopper pays.
        await this.announce('paymentmethod');
        await this.announce('shippingcontact');
      })
      .catch(() => this.fail('Merchant validation failed. This merchant cannot accept Apple Pay here.'));
  }

  completePaymentMethodSelection(update: Update | SheetLineItem, lineItems?: SheetLineItem[]): void {
    this.applyUpdate(
      'paymentmethod',
      'label' in update ? { newTotal: update, newLineItems: lineItems } : update,
    );
  }

  completeShippingContactSelection(
    update: Update | number,
    methods?: SheetShippingMethod[],
    total?: SheetLineItem,
    lineItems?: SheetLineItem[],
  ): void {
    this.applyUpdate(
      'shippingcontact',
      typeof update === 'number'
        ? { status: update, newShippingMethods: methods, newTotal: total, newLineItems: lineItems }
        : update,
    );
  }

  completeShippingMethodSelection(
    update: Update | number,
    total?: SheetLineItem,
    lineItems?: SheetLineItem[],
  ): void {
    this.applyUpdate(
      'shippingmethod',
      typeof update === 'number' ? { status: update, newTotal: total, newLineItems: lineItems } : update,
    );
  }

  completePayment(result: number | { status: number; errors?: unknown[] }): void {
    if (!this.settle('payment')) return;
    const status = typeof result === 'number' ? result : result?.status;
    if (status === ApplePaySession.STATUS_SUCCESS) {
      this.update({ phase: 'done', message: 'Done' });
      window.setTimeout(() => this.finish(), 600);
    } else {
      this.update({ phase: 'failed', message: 'Payment not completed.' });
      window.setTimeout(() => this.finish(), 1200);
    }
  }

  private choose(change: Partial<SheetModel>, kind: 'paymentmethod' | 'shippingcontact' | 'shippingmethod') {
    this.update(change);
    void this.announce(kind);
  }

  /** Tells the page about the current choice of `kind` and waits for its complete* call (if it listens). */
  private announce(kind: 'paymentmethod' | 'shippingcontact' | 'shippingmethod'): Promise<void> {
    if (this.ended || !this.handler(`${kind}selected`)) return Promise.resolve();
    if (kind === 'shippingcontact' && !this.model.addressId) return Promise.resolve();
    this.update({ phase: 'waiting' });
    const done = this.expect(kind);
    if (kind === 'paymentmethod') this.fire('paymentmethodselected', { paymentMethod: this.cardMethod() });
    if (kind === 'shippingcontact')
      this.fire('shippingcontactselected', { shippingContact: redacted(this.address()) });
    if (kind === 'shippingmethod')
      this.fire('shippingmethodselected', {
        shippingMethod: this.model.shippingMethods?.find(
          (method) => method.identifier === this.model.shippingMethodId,
        ),
      });
    return done;
  }

  private applyUpdate(kind: string, update: Update) {
    if (!this.settle(kind)) return;
    const methods = update.newShippingMethods;
    this.update({
      phase: 'ready',
      ...(update.newTotal ? { total: update.newTotal } : {}),
      ...(update.newLineItems ? { lineItems: update.newLineItems } : {}),
      ...(methods
        ? {
            shippingMethods: methods,
            shippingMethodId: methods.some((method) => method.identifier === this.model.shippingMethodId)
              ? this.model.shippingMethodId
              : methods[0]?.identifier,
          }
        : {}),
      message:
        update.errors?.length || (update.status ?? 0) !== 0
          ? 'Check your choice: the merchant cannot use it.'
          : undefined,
    });
  }

  private async pay() {
    this.update({ phase: 'authorising', message: undefined });
    let token: unknown;
    try {
      token = await gatewayPost('tokens', { merchantSession: this.merchantSession, card: this.model.cardId });
    } catch {
      this.fail('Apple Pay could not prepare the payment.');
      return;
    }
    if (this.ended) return;
    const address = this.address();
    const billingContact = withFields(
      WALLET_ADDRESSES[0]!.contact,
      this.request.requiredBillingContactFields,
    );
    const shippingContact = withFields(address, this.request.requiredShippingContactFields);
    this.expect('payment');
    this.fire('paymentauthorized', {
      payment: {
        token,
        ...(billingContact ? { billingContact } : {}),
        ...(shippingContact ? { shippingContact } : {}),
      },
    });
  }

  private cancel() {
    if (this.ended) return;
    this.finish();
    this.fire('cancel', { sessionError: { code: 'unknown', info: {} } }, true);
  }

  /** Merchant validation failed or timed out: the sheet says so, closes, and the page hears oncancel. */
  private fail(message: string) {
    if (this.ended) return;
    this.update({ phase: 'failed', message });
    window.setTimeout(() => {
      this.finish();
      this.fire('cancel', { sessionError: { code: 'unknown', info: {} } }, true);
    }, 1200);
  }

  private expect(kind: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        this.pending = undefined;
        this.fail('The merchant did not answer in time.');
        resolve();
      }, CALLBACK_TIMEOUT_MS);
      this.pending = { kind, timer };
      this.addEventListener(`settled:${kind}`, () => resolve(), { once: true });
    });
  }

  /** The page answered what the sheet waits for; a late or unexpected call is an error, as in Safari. */
  private settle(kind: string): boolean {
    if (this.ended) return false;
    if (this.pending?.kind !== kind) throw new DOMException(`Not waiting for ${kind}.`, 'InvalidStateError');
    window.clearTimeout(this.pending.timer);
    this.pending = undefined;
    this.dispatchEvent(new Event(`settled:${kind}`));
    return true;
  }

  private handler(name: string): Handler {
    return (this as unknown as Record<string, Handler>)[`on${name}`] ?? null;
  }

  private fire(name: string, detail: Record<string, unknown>, evenIfEnded = false) {
    if (this.ended && !evenIfEnded) return;
    const handler = this.handler(name);
    if (handler) handler.call(this, { type: name, ...detail });
  }

  private cardMethod() {
    const card = WALLET_TEST_CARDS.find((candidate) => candidate.id === this.model.cardId)!;
    return { displayName: walletCardDisplayName(card), network: card.network, type: card.type };
  }

  private address() {
    return (WALLET_ADDRESSES.find((entry) => entry.id === this.model.addressId) ?? WALLET_ADDRESSES[0]!)
      .contact;
  }

  private update(change: Partial<SheetModel>) {
    this.model = { ...this.model, ...change };
    this.draw();
  }

  private draw() {
    if (!this.ended) this.sheet?.render(this.model);
  }

  private finish() {
    if (this.ended) return;
    this.ended = true;
    if (this.pending) window.clearTimeout(this.pending.timer);
    this.pending = undefined;
    this.sheet?.close();
    if (activeSession === this) activeSession = undefined;
  }
}

Object.assign(window, { ApplePaySession });
