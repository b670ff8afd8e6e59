import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { ElementRoot } from '../components/base/element-root.tsx';
import type { PaymentElement } from '../components/base/payment-element.tsx';
import type { Checkout, CheckoutOptions } from '../core/checkout.ts';
import type { CheckoutError } from '../core/errors.ts';
import { createCheckout } from '../index.ts';

const Context = createContext<{ checkout: Checkout | undefined; error: CheckoutError | undefined }>({
  checkout: undefined,
  error: undefined,
});

/** Props of `CheckoutProvider`. */
export interface CheckoutProviderProps {
  /** What `createCheckout` takes; a new object creates the checkout again. */
  options: CheckoutOptions;
  children?: ReactNode;
}

/**
 * Creates the checkout once on the client (nothing runs during server rendering) and shares it.
 * StrictMode's double effect run creates one checkout and discards the other cleanly.
 */
export function CheckoutProvider({ options, children }: CheckoutProviderProps) {
  const [state, setState] = useState<{ checkout: Checkout | undefined; error: CheckoutError | undefined }>({
    checkout: undefined,
    error: undefined,
  });
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const identity = `${options.clientKey}|${options.environmentUrl}|${options.session?.id ?? ''}|${options.locale ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new checkout only for a new key, environment, session or locale.
  useEffect(() => {
    let live = true;
    let created: Checkout | undefined;
    createCheckout(optionsRef.current).then(
      (checkout) => {
        created = checkout;
        if (live) setState({ checkout, error: undefined });
        else checkout.destroy();
      },
      (error: CheckoutError) => {
        if (live) setState({ checkout: undefined, error });
        optionsRef.current.onError?.(error);
      },
    );
    return () => {
      live = false;
      created?.destroy();
    };
  }, [identity]);
  // Callbacks may change on every render; the checkout always calls the latest ones.
  useEffect(() => {
    if (state.checkout) state.checkout.options = { ...state.checkout.options, ...options };
  });
  return <Context.Provider value={state}>{children}</Context.Provider>;
}

/** The provider's checkout (undefined until created, and during server rendering) or its creation error. */
export function useCheckout(): { checkout: Checkout | undefined; error: CheckoutError | undefined } {
  return useContext(Context);
}

/** Creates an element of the given class for the current checkout; recreated only when the checkout changes. */
export function usePaymentElement<E extends PaymentElement, O>(
  create: (checkout: Checkout, options: O) => E,
  options: O,
): E | undefined {
  const { checkout } = useCheckout();
  const [element, setElement] = useState<E>();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the element lives as long as the checkout.
  useEffect(() => {
    if (!checkout) return;
    const created = create(checkout, optionsRef.current);
    setElement(created);
    return () => {
      created.remove();
      setElement(undefined);
    };
  }, [checkout]);
  return element;
}

/** Renders an element inside the host React tree (no second React root). */
export function PaymentElementView({
  element,
  fallback = null,
}: {
  element: PaymentElement | undefined;
  fallback?: ReactNode;
}) {
  if (!element) return <>{fallback}</>;
  return <ElementRoot element={element} />;
}
