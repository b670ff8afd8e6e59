import { useSyncExternalStore } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import { KlarnaWidget, newWidgetStore } from './klarna-widget.tsx';
import { klarnaTranslations } from './translations.ts';

export interface KlarnaOptions extends ElementOptions {
  /** The payment-method type from the /paymentMethods entry (klarna, klarna_account, …). */
  type?: string;
  name?: string;
  /**
   * Pay in Klarna's in-page widget instead of on Klarna's page (default false): the payment asks for
   * it (`subtype: 'sdk'`) and the gateway's `sdk` action starts the widget here.
   */
  useKlarnaWidget?: boolean;
}

/**
 * Klarna, redirect flavour (`klarna`, `klarna_account`, `klarna_paynow`, `klarna_b2b`): no form
 * here — the shopper continues to Klarna's page (a redirect action) and comes back with the result.
 */
export class Klarna extends PaymentElement<KlarnaOptions> {
  static override type = 'klarna';
  static readonly txVariants = ['klarna', 'klarna_account', 'klarna_paynow', 'klarna_b2b'];

  constructor(checkout: Checkout, options: KlarnaOptions = {}) {
    const type = options.type ?? 'klarna';
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.[type] as KlarnaOptions | undefined),
      ...options,
    });
    checkout.addTranslations(klarnaTranslations);
  }

  /** @internal The widget's action and state once the gateway answered an `sdk` action. */
  readonly widget = newWidgetStore();
  /** @internal Set by the widget while shown: authorises with Klarna (submit() without a pay button). */
  authorizeWidget: (() => void) | undefined;

  get txVariant(): string {
    return this.options.type ?? 'klarna';
  }

  override get isValid() {
    return true;
  }

  get displayName(): string {
    return this.options.name ?? 'Klarna';
  }

  protected formatData(): ComponentData {
    return {
      paymentMethod: { type: this.txVariant, ...(this.options.useKlarnaWidget ? { subtype: 'sdk' } : {}) },
    };
  }

  /** While the widget shows, paying means authorising with Klarna; before, the payments call. */
  override submit(): Promise<void> {
    if (this.widget.get().action && this.authorizeWidget) {
      this.authorizeWidget();
      return Promise.resolve();
    }
    return super.submit();
  }

  /** Klarna's `sdk` action shows the widget in place; any other action (a redirect) as usual. */
  override handleAction(action: PaymentAction): void {
    if (action.type !== 'sdk') {
      super.handleAction(action);
      return;
    }
    if (action.paymentMethodType !== this.txVariant) {
      this.reportCheckoutError(new CheckoutError('ERROR', 'Invalid Action'));
      return;
    }
    this.setStatus('ready');
    this.widget.set({ action, status: 'ready' });
  }

  /** A final result ends the widget: a refusal shows the form again with the reason. */
  override onFinalResult(
    kind: 'success' | 'failure',
    response: Parameters<PaymentElement['onFinalResult']>[1],
  ) {
    this.widget.set({ action: undefined, status: kind === 'success' ? 'success' : 'ready' });
    super.onFinalResult(kind, response);
  }

  renderView() {
    return <KlarnaView element={this} />;
  }
}

function KlarnaView({ element }: { element: Klarna }) {
  const view = useViewState(element);
  const { action } = useSyncExternalStore(element.widget.subscribe, element.widget.get, element.widget.get);
  const { i18n } = element.checkout;
  if (action) return <KlarnaWidget element={element} store={element.widget} />;
  return (
    <div className="actuate-checkout__redirect-method">
      <p className="actuate-checkout__intro">
        {i18n.get(element.txVariant === 'klarna_b2b' ? 'klarna.b2b.intro' : 'klarna.intro')}
      </p>
      <PayFooter element={element} view={view} label={i18n.get('klarna.continue')} />
    </div>
  );
}
