import { useSyncExternalStore } from 'react';
import { collectBrowserInfo } from '../../core/browser-info.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import {
  type ClickToPayConfiguration,
  type ClickToPaySchemeIds,
  createClickToPayService,
  schemeIdsFor,
} from './create-service.ts';
import { ClickToPayPanel } from './panel.tsx';
import type { ClickToPayService } from './service.ts';
import type { ClickToPayCheckoutPayload } from './shopper-cards.ts';
import { clickToPayTranslations } from './translations.ts';

export interface ClickToPayOptions extends ElementOptions, ClickToPayConfiguration {
  /** The schemes' ids; default: those of the card entry of /paymentMethods. */
  configuration?: ClickToPaySchemeIds;
  name?: string;
}

/**
 * Click to Pay on its own: `new ClickToPay(checkout, { shopperEmail }).mount('#ctp')`. Shows the
 * recognised or e-mail-identified shopper's cards; pays with `paymentMethod.type` scheme and the
 * scheme's checkout references. `isAvailable()` resolves once a Click to Pay account is found.
 */
export class ClickToPay extends PaymentElement<ClickToPayOptions> {
  static override type = 'clicktopay';
  static readonly txVariants = ['clicktopay'];
  readonly service: ClickToPayService | undefined;
  private payload: ClickToPayCheckoutPayload | undefined;

  constructor(checkout: Checkout, options: ClickToPayOptions = {}) {
    checkout.addTranslations(clickToPayTranslations);
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.clicktopay as ClickToPayOptions | undefined),
      ...options,
    });
    this.service = createClickToPayService(
      checkout,
      schemeIdsFor(checkout, this.options.configuration),
      this.options,
    );
    if (!this.service)
      console.warn(
        'Click to Pay not initialised: no scheme ids (visaSrciDpaId/visaSrcInitiatorId, mcDpaId/mcSrcClientId).',
      );
    this.service?.initialize().catch((error: unknown) => this.reportCheckoutError(error));
  }

  get displayName(): string {
    return this.options.name ?? 'Click to Pay';
  }

  override get isValid(): boolean {
    return this.payload !== undefined;
  }

  /** Resolves when the shopper has a Click to Pay account; rejects when not available or at Login. */
  isAvailable(): Promise<void> {
    const service = this.service;
    if (!service) return Promise.reject(new CheckoutError('ERROR', 'Click to Pay is not configured'));
    return new Promise((resolve, reject) => {
      const check = () => {
        if (service.shopperAccountFound) resolve();
        else if (['NotAvailable', 'Login'].includes(service.state))
          reject(new CheckoutError('ERROR', 'Click to Pay is not available'));
        else return false;
        return true;
      };
      if (check()) return;
      const stop = service.subscribe(() => {
        if (check()) stop();
      });
    });
  }

  protected formatData(): ComponentData {
    return {
      paymentMethod: { type: 'scheme', ...(this.payload ?? {}) },
      browserInfo: collectBrowserInfo(),
      origin: window.location.origin,
    };
  }

  /** The DCF completed: pay with its references. */
  private readonly pay = (payload: ClickToPayCheckoutPayload) => {
    this.payload = payload;
    this.setState({ isValid: true, data: { paymentMethod: { type: 'scheme', ...payload } } });
    void this.submit();
  };

  private readonly fail = (error: unknown) => this.reportCheckoutError(error);

  renderView() {
    return <ClickToPayView element={this} pay={this.pay} fail={this.fail} />;
  }
}

function ClickToPayView({
  element,
  pay,
  fail,
}: {
  element: ClickToPay;
  pay(payload: ClickToPayCheckoutPayload): void;
  fail(error: unknown): void;
}) {
  const view = useSyncExternalStore(element.view.subscribe, element.view.get, element.view.get);
  if (!element.service) return null;
  if (view.status === 'success')
    return (
      <p className="actuate-checkout__ctp-success" role="status">
        {element.checkout.i18n.get('creditCard.success')}
      </p>
    );
  return (
    <>
      <ClickToPayPanel
        service={element.service}
        checkout={element.checkout}
        status={view.status}
        showPayButton={(element.props.showPayButton ?? element.checkout.options.showPayButton) !== false}
        disableOtpAutoFocus={element.props.disableOtpAutoFocus}
        onCheckout={pay}
        onError={fail}
      />
      {view.message ? (
        <div className="actuate-checkout__alert" role="alert">
          {view.message}
        </div>
      ) : null}
    </>
  );
}
