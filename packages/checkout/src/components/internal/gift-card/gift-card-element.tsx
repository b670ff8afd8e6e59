import type { Amount } from '../../../core/amount.ts';
import { formatAmount } from '../../../core/amount.ts';
import type { Checkout } from '../../../core/checkout.ts';
import { CheckoutError } from '../../../core/errors.ts';
import { Store } from '../../../core/store.ts';
import type { SecuredFieldStyles } from '../../../core/theme.ts';
import type { BalanceCheckResponse, ComponentData, Order } from '../../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { type BalanceFacts, type BalanceOutcome, interpretBalance } from './balance.ts';
import { GiftCardForm } from './gift-card-form.tsx';
import { giftCardTranslations } from './translations.ts';

export interface GiftCardOptions extends ElementOptions {
  /** From the payment-method entry: the display name and the gift-card scheme (givex, svs …). */
  name?: string;
  brand?: string;
  type?: string;
  /** Ask for the PIN (default true). */
  pinRequired?: boolean;
  /** The number and PIN inputs inside the frames per state (as the Card's `styles`). */
  styles?: SecuredFieldStyles;
}

type UsableBalance = Extract<BalanceOutcome, { kind: 'usable' }>;

/**
 * What gift cards and meal vouchers share: the framed number and PIN (and expiry), the balance check,
 * and the submit flow of spec §4: check the balance; when the card cannot pay everything, open an
 * order (unless one is open) and pay part; else ask the merchant to confirm (onRequiringConfirmation)
 * and pay.
 */
export abstract class GiftCardElement extends PaymentElement<GiftCardOptions> {
  /** The balance of the card in the form, once checked; cleared when the fields change. */
  readonly balance = new Store<{ outcome: UsableBalance | undefined }>({ outcome: undefined });

  constructor(checkout: Checkout, options: GiftCardOptions = {}) {
    checkout.addTranslations(giftCardTranslations);
    super(checkout, options);
  }

  /** The payment method type sent (giftcard, mealVoucher_FR_natixis …). */
  abstract get paymentMethodType(): string;
  /** The brand sent with the card. */
  abstract get brand(): string;
  /** Meal vouchers carry an expiry date. */
  abstract get hasExpiryDate(): boolean;

  /** The variant the frames are configured with (switches them to gift-card rules). */
  get frameVariant(): string {
    return this.paymentMethodType;
  }

  get hasPin(): boolean {
    return this.options.pinRequired !== false;
  }

  get displayName(): string {
    return this.options.name ?? this.checkout.i18n.get('giftcard.title');
  }

  /** What is still to pay: the open order's remainder, else the checkout's amount. */
  get amountDue(): Amount | undefined {
    return this.checkout.order?.remainingAmount ?? this.checkout.amount;
  }

  protected formatData(): ComponentData {
    return {
      ...this.state.data,
      paymentMethod: { ...this.state.data.paymentMethod, type: this.paymentMethodType, brand: this.brand },
    };
  }

  renderView() {
    return <GiftCardForm element={this} />;
  }

  /** The form reports new field values: a balance checked before no longer applies. */
  clearBalance(): void {
    if (this.balance.get().outcome) this.balance.set({ outcome: undefined });
  }

  /** "Apply gift card": validate, check the balance and show it (or why the card cannot pay). */
  async checkBalance(): Promise<BalanceFacts | undefined> {
    if (!this.isValid) {
      this.showValidation();
      return undefined;
    }
    this.setStatus('loading');
    let response: BalanceCheckResponse;
    try {
      response = await this.requestBalance();
    } catch (error) {
      this.showBalanceFailure('ready', 'error.message.unknown', error);
      return undefined;
    }
    const outcome = interpretBalance(response, this.amountDue);
    if (outcome.kind === 'unusable') {
      this.showBalanceFailure(outcome.status, outcome.messageKey, response);
      return undefined;
    }
    this.balance.set({ outcome });
    this.setStatus('ready');
    const { i18n } = this.checkout;
    this.checkout.liveRegion.announce(
      i18n.get('giftcard.balance', { value: formatAmount(outcome.balance, i18n.locale) }),
    );
    return outcome.facts;
  }

  private requestBalance(): Promise<BalanceCheckResponse> {
    const due = this.amountDue;
    const data = { ...this.data, ...(due ? { amount: due } : {}) };
    const { onBalanceCheck } = this.callbacks;
    if (onBalanceCheck) return new Promise((resolve, reject) => onBalanceCheck(resolve, reject, data));
    if (this.session) return this.session.checkBalance(data);
    return Promise.reject(
      new CheckoutError(
        'IMPLEMENTATION_ERROR',
        'Could not check the balance: pass a session or onBalanceCheck.',
      ),
    );
  }

  private showBalanceFailure(
    status: 'ready' | 'no-balance' | 'card-error' | 'currency-error',
    messageKey: string,
    cause: unknown,
  ) {
    this.balance.set({ outcome: undefined });
    const message = this.checkout.i18n.get(messageKey);
    this.setStatus(status, { message });
    this.checkout.liveRegion.announce(message);
    if (this.callbacks.onError)
      this.callbacks.onError(
        cause instanceof CheckoutError
          ? cause
          : new CheckoutError('ERROR', status === 'ready' ? message : status, { cause }),
        this,
      );
  }

  /** Pay with the card: check the balance if not done, open an order or confirm, then the payments call. */
  override async submit(): Promise<void> {
    if (!this.isValid) {
      this.showValidation();
      return;
    }
    const facts = this.balance.get().outcome?.facts ?? (await this.checkBalance());
    if (!facts) return;
    if (!facts.coversAll) {
      if (!this.checkout.order && !(await this.openOrder())) return;
    } else if (this.callbacks.onRequiringConfirmation && !(await this.confirm())) {
      this.setStatus('ready');
      return;
    }
    return super.submit();
  }

  private async openOrder(): Promise<boolean> {
    this.setStatus('loading');
    try {
      const { onOrderRequest } = this.callbacks;
      let order: Order;
      if (onOrderRequest) {
        const data = this.data;
        order = await new Promise<Order>((resolve, reject) => onOrderRequest(resolve, reject, data));
      } else if (this.session) {
        const { sessionData: _sessionData, ...created } = await this.session.createOrder();
        order = created;
      } else {
        throw new CheckoutError(
          'IMPLEMENTATION_ERROR',
          'Could not open an order: pass a session or onOrderRequest.',
        );
      }
      await this.checkout.update({ order });
      return true;
    } catch (error) {
      const message =
        error instanceof CheckoutError && error.type === 'NETWORK_ERROR'
          ? error.message
          : this.checkout.i18n.get('error.message.unknown');
      this.setStatus('ready', { message });
      this.checkout.liveRegion.announce(message);
      this.reportCheckoutError(error);
      return false;
    }
  }

  private confirm(): Promise<boolean> {
    const handler = this.callbacks.onRequiringConfirmation;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) =>
      handler(this, { resolve: () => resolve(true), reject: () => resolve(false) }),
    );
  }

  /** The card paid part of the order: the form empties for another card (or another method). */
  override updateOrder(order: Order): void {
    super.updateOrder(order);
    this.balance.set({ outcome: undefined });
    this.reset();
  }
}
