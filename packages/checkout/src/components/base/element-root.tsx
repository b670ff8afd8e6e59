import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { resolveTheme } from '../../core/theme.ts';
import type { PaymentElement, ViewState } from './payment-element.tsx';

/** Subscribes a form to its element's view state (status, validation and reset requests…). */
export function useViewState(element: PaymentElement): ViewState {
  return useSyncExternalStore(element.view.subscribe, element.view.get, element.view.get);
}

/** Renders an element, or the action element that has taken its place. */
export function ElementRoot({ element }: { element: PaymentElement }) {
  const { actionElement } = useViewState(element);
  const root = useRef<HTMLDivElement>(null);
  const theme = element.checkout.options.theme;
  // Through the CSSOM, not a style attribute: a strict style-src needs no 'unsafe-inline' for it.
  useLayoutEffect(() => {
    const node = root.current;
    if (!node) return;
    const { variables } = resolveTheme(theme);
    for (const [name, value] of Object.entries(variables)) node.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) node.style.removeProperty(name);
    };
  }, [theme]);
  return (
    <div
      ref={root}
      className="actuate-checkout"
      lang={element.checkout.i18n.locale}
      dir={element.checkout.i18n.dir}
    >
      {actionElement ? actionElement.renderView() : element.renderView()}
    </div>
  );
}
