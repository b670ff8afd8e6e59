import { useEffect } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { Spinner } from '../base/pay-button.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';

export interface RedirectOptions extends ElementOptions {
  url?: string;
  method?: 'GET' | 'POST';
  data?: Record<string, string>;
  paymentMethodType?: string;
  /** Redirect the top window when the checkout runs inside an iframe. */
  redirectFromTopWhenInIframe?: boolean;
}

/** The redirect action: a GET navigation or an auto-submitted POST form. */
export class Redirect extends PaymentElement<RedirectOptions> {
  static override type = 'redirect';

  override get isValid() {
    return true;
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.options.paymentMethodType ?? 'redirect' } };
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

  renderView() {
    return <RedirectView element={this} />;
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
