import type { Checkout } from '../../../core/checkout.ts';
import { CheckoutError } from '../../../core/errors.ts';
import { Store } from '../../../core/store.ts';
import type { ComponentData, PaymentAction } from '../../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { countdownMinutesFor, isAnnouncementDue, showsCountdown } from './countdown.ts';
import { StatusPoller } from './poller.ts';
import { checkPaymentStatus, type StatusOutcome } from './status.ts';
import { awaitTranslations } from './translations.ts';

export interface AwaitActionOptions extends ElementOptions {
  action: PaymentAction;
  /** Minutes to pay when the action states no `expiresAt` (default: the method's own). */
  countdownTime?: number;
}

export type AwaitPhase = 'waiting' | 'success' | 'failed' | 'expired';

export interface AwaitProgress {
  phase: AwaitPhase;
  /** Undefined while there is no countdown (not started, or a method that shows none). */
  secondsLeft: number | undefined;
  totalSeconds: number | undefined;
  /** Why the attempt failed (a translation key). */
  messageKey?: string;
}

/** Names shown in the texts ("Open the Swish app"); the type where none is known. */
const METHOD_NAMES: Record<string, string> = {
  pix: 'Pix',
  swish: 'Swish',
  wechatpayQR: 'WeChat Pay',
  promptpay: 'PromptPay',
  paynow: 'PayNow',
  duitnow: 'DuitNow',
  payme: 'PayMe',
  upi_qr: 'UPI',
  upi_collect: 'UPI',
  blik: 'BLIK',
  mbway: 'MB WAY',
  ancv: 'ANCV',
};

type Final = Exclude<StatusOutcome, { kind: 'pending' }>;

/**
 * The shopper pays in another app (scanning a QR code, approving a request): this element asks the
 * gateway for the payment's status until it ends, counts down to the expiry, and submits the
 * gateway's payload as the payment details. The QR and await views render it.
 */
export abstract class AwaitActionElement extends PaymentElement<AwaitActionOptions> {
  readonly progress = new Store<AwaitProgress>({
    phase: 'waiting',
    secondsLeft: undefined,
    totalSeconds: undefined,
  });
  private readonly poller: StatusPoller;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private deadline: number | undefined;
  private started = false;

  constructor(checkout: Checkout, options: AwaitActionOptions) {
    checkout.addTranslations(awaitTranslations);
    super(checkout, options);
    this.poller = new StatusPoller(
      () => checkPaymentStatus(checkout.loadingContext, checkout.clientKey, this.paymentDataToken),
      (outcome) => void this.finish(outcome),
    );
  }

  get action(): PaymentAction {
    return this.options.action;
  }

  get paymentMethodType(): string {
    return this.action.paymentMethodType ?? this.action.type;
  }

  get methodName(): string {
    return METHOD_NAMES[this.paymentMethodType] ?? this.paymentMethodType;
  }

  get showsCountdown(): boolean {
    return showsCountdown(this.paymentMethodType);
  }

  private get paymentDataToken(): string {
    return typeof this.action.paymentData === 'string' ? this.action.paymentData : '';
  }

  override get isValid() {
    return true;
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.paymentMethodType } };
  }

  /** Starts polling and the countdown when the view appears; after stop() it resumes the same clock. */
  start(): void {
    if (this.progress.get().phase !== 'waiting') return;
    if (!this.started) {
      this.started = true;
      if (!this.paymentDataToken || !this.checkout.clientKey) {
        void this.fail('error.message.unknown', undefined, 'Could not check the payment status');
        return;
      }
      this.deadline = this.computeDeadline();
      if (this.deadline !== undefined) {
        const totalSeconds = Math.max(1, Math.round((this.deadline - Date.now()) / 1000));
        this.progress.set({ totalSeconds, secondsLeft: totalSeconds });
        if (this.showsCountdown) this.announceTimeLeft(totalSeconds);
      }
    }
    this.poller.start();
    if (this.deadline !== undefined && !this.ticker) {
      this.ticker = setInterval(() => this.tick(), 1000);
      this.tick();
    }
  }

  stop(): void {
    this.poller.stop();
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  override remove(): void {
    this.stop();
    super.remove();
  }

  /** The action's own expiry (the gateway's clock), else the method's countdown from now. */
  private computeDeadline(): number | undefined {
    const expiresAt = typeof this.action.expiresAt === 'string' ? Date.parse(this.action.expiresAt) : NaN;
    if (!Number.isNaN(expiresAt)) return expiresAt;
    if (!this.showsCountdown) return undefined;
    const minutes = this.options.countdownTime ?? countdownMinutesFor(this.paymentMethodType);
    return Date.now() + minutes * 60_000;
  }

  private tick(): void {
    if (this.deadline === undefined || this.progress.get().phase !== 'waiting') return;
    const before = this.progress.get().secondsLeft ?? 0;
    const secondsLeft = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    if (secondsLeft === before && secondsLeft > 0) return;
    this.progress.set({ secondsLeft });
    if (secondsLeft === 0) {
      void this.expire(undefined);
      return;
    }
    // A tick may be late: a due point skipped over is still announced.
    let due = false;
    for (let second = before - 1; second >= secondsLeft && !due; second -= 1) due = isAnnouncementDue(second);
    if (due && this.showsCountdown) this.announceTimeLeft(secondsLeft);
  }

  private announceTimeLeft(secondsLeft: number): void {
    const { i18n } = this.checkout;
    const minutes = Math.floor(secondsLeft / 60);
    const seconds = secondsLeft % 60;
    const time = [
      minutes ? i18n.get('await.minutes', { count: minutes }) : '',
      seconds ? i18n.get('await.seconds', { count: seconds }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    this.checkout.liveRegion.announce(i18n.get('await.timeLeft.announce', { time }));
  }

  private async finish(outcome: Final): Promise<void> {
    if (outcome.kind === 'success') {
      this.stop();
      this.progress.set({ phase: 'success' });
      this.checkout.liveRegion.announce(this.checkout.i18n.get('creditCard.success'));
      await this.submitAdditionalDetails({ details: { payload: outcome.payload } });
      return;
    }
    if (outcome.kind === 'expired') {
      await this.expire(outcome.payload);
      return;
    }
    await this.fail(outcome.messageKey, outcome.payload, outcome.reason);
  }

  /** The attempt ended badly: the view says so, a payload still reaches the merchant, then onError. */
  private async fail(messageKey: string, payload: string | undefined, reason: string): Promise<void> {
    this.stop();
    this.progress.set({ phase: 'failed', messageKey });
    this.checkout.liveRegion.announce(this.checkout.i18n.get(messageKey));
    if (payload) await this.submitAdditionalDetails({ details: { payload } });
    this.reportError(new CheckoutError('ERROR', reason));
  }

  private async expire(payload: string | undefined): Promise<void> {
    this.stop();
    this.progress.set({ phase: 'expired', secondsLeft: 0 });
    this.checkout.liveRegion.announce(this.checkout.i18n.get('await.expired'));
    if (payload) await this.submitAdditionalDetails({ details: { payload } });
    this.reportError(new CheckoutError('ERROR', 'Payment Expired'));
  }

  private reportError(error: CheckoutError): void {
    const { onError } = this.callbacks;
    if (onError) onError(error, this.options.parent ?? this);
    else console.error(error);
  }
}
