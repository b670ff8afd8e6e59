import { useEffect } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { Spinner } from '../base/pay-button.tsx';
import {
  RedirectMethodElement,
  type RedirectMethodOptions,
} from '../internal/redirect-method/redirect-method-element.tsx';

/** Options of the `Redirect` component (the action, or a redirect method to pay with). */
export interface RedirectOptions extends RedirectMethodOptions {
  url?: string;
  method?: 'GET' | 'POST';
  data?: Record<string, string>;
  paymentMethodType?: string;
  /** Redirect the top window when the checkout runs inside an iframe. */
  redirectFromTopWhenInIframe?: boolean;
}

/**
 * Two roles, as in the reference widget: the redirect action (created with the action's `url`: a GET
 * navigation or an auto-submitted POST form), and the generic payment method for any type without
 * its own component (a "Continue to {name}" button; the payment answers with the redirect action).
 */
export class Redirect extends RedirectMethodElement<RedirectOptions> {
  static override type = 'redirect';

  /** Created for an action (it has somewhere to go) rather than for a payment-method entry. */
  get isAction(): boolean {
    return this.options.url !== undefined;
  }

  override get txVariant(): string {
    return this.options.type ?? this.options.paymentMethodType ?? 'redirect';
  }

  /** @internal */
  protected override formatData(): ComponentData {
    if (this.isAction) return { paymentMethod: { type: this.txVariant } };
    return super.formatData();
  }

  /** Leaves the page; the merchant's return page calls checkout.submitDetails({details: {redirectResult}}). */
  redirect(): void {
    const { url, method = 'GET', data, redirectFromTopWhenInIframe } = this.options;
    if (!url) return;
    const target = redirectFromTopWhenInIframe && window.top && window.top !== window ? window.top : window;
    if (method === 'GET') {
      target.location.assign(url);
      return;
    }
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = url;
    form.hidden = true;
    if (target !== window) form.target = '_top';
    for (const [name, value] of Object.entries(data ?? {})) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }

  /** @internal */
  override renderView() {
    return this.isAction ? <RedirectView element={this} /> : super.renderView();
  }
}

function RedirectView({ element }: { element: Redirect }) {
  useEffect(() => {
    element.redirect();
  }, [element]);
  return <Spinner label={element.checkout.i18n.get('payButton.redirecting')} />;
}

export function createRedirectElement(
  checkout: Checkout,
  action: PaymentAction,
  options: Record<string, unknown>,
) {
  return new Redirect(checkout, {
    ...(options as RedirectOptions),
    ...(action.url ? { url: action.url } : {}),
    ...(action.method ? { method: action.method } : {}),
    ...(action.data ? { data: action.data } : {}),
    ...(action.paymentMethodType ? { paymentMethodType: action.paymentMethodType } : {}),
  });
}
