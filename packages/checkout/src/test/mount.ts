import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { PaymentElement } from '../components/base/payment-element.tsx';
import type { Checkout, CheckoutOptions } from '../core/checkout.ts';
import type { PaymentData, PaymentResponse } from '../core/types.ts';
import { createCheckout } from '../index.ts';
import { CLIENT_KEY, GATEWAY_URL } from './fake-gateway.ts';

/** An empty page with one host element for the component under test. */
function freshHost(): HTMLElement {
  document.body.replaceChildren();
  const host = document.createElement('div');
  document.body.appendChild(host);
  return host;
}

export interface MountOptions extends Partial<CheckoutOptions> {
  /** What the merchant's onSubmit answers; without it the payment stays pending. */
  answer?: PaymentResponse;
}

/**
 * A checkout against the fake gateway (analytics and risk off) with `options` on top, and the element
 * that `create` builds from it, mounted inside act() in a fresh host. `submitted` collects the data of
 * every onSubmit (an `onSubmit` in `options` replaces that recorder).
 */
export async function mountElement<E extends PaymentElement>(
  create: (checkout: Checkout) => E,
  { answer, ...options }: MountOptions = {},
) {
  const host = freshHost();
  const submitted: PaymentData[] = [];
  const onSubmit = vi.fn<NonNullable<CheckoutOptions['onSubmit']>>((state, _element, actions) => {
    submitted.push(state.data);
    if (answer) actions.resolve(answer);
  });
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    onSubmit,
    ...options,
  });
  const element = create(checkout);
  await act(async () => {
    element.mount(host);
  });
  return { element, checkout, host, submitted, onSubmit };
}
