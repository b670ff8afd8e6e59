import { type CSSProperties, useEffect, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { StatusMessage } from '../base/pay-button.tsx';
import type { ApplePay, ApplePayButtonColor, ApplePayButtonType } from './applepay.tsx';

const LABEL_KEYS: Partial<Record<ApplePayButtonType, string>> = {
  plain: 'applepay.button.plain',
  pay: 'applepay.button.plain',
  buy: 'applepay.button.buy',
  'check-out': 'applepay.button.checkout',
  donate: 'applepay.button.donate',
  book: 'applepay.button.book',
  subscribe: 'applepay.button.subscribe',
  order: 'applepay.button.order',
  continue: 'applepay.button.continue',
};

/** Apple's button colours; applied through the CSSOM, so a strict style-src needs nothing extra. */
const COLOURS: Record<ApplePayButtonColor, CSSProperties> = {
  black: { background: '#000000', color: '#ffffff', border: '1px solid #000000' },
  white: { background: '#ffffff', color: '#000000', border: '1px solid #ffffff' },
  'white-with-line': { background: '#ffffff', color: '#000000', border: '1px solid #000000' },
};

/**
 * The wallet button (our own, rendered accessibly: a real button named by its visible text), shown
 * once the wallet is available. Standalone, an unavailable wallet is reported through onError; in
 * the drop-in it is just left out.
 */
export function ApplePayView({ element }: { element: ApplePay }) {
  const view = useViewState(element);
  const [available, setAvailable] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    element.isAvailable().then(
      () => live && setAvailable(true),
      (error: unknown) => {
        if (!live) return;
        setAvailable(false);
        if (!element.props.isDropin) element.reportCheckoutError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [element]);
  const showPayButton = (element.props.showPayButton ?? element.checkout.options.showPayButton) !== false;
  if (!available || !showPayButton) return null;
  const { buttonType = 'plain', buttonColor = 'black' } = element.props;
  const label = element.checkout.i18n.get(LABEL_KEYS[buttonType] ?? 'applepay.button.plain');
  const colour = COLOURS[buttonColor] ?? COLOURS.black;
  return (
    <div className="actuate-checkout__applepay">
      <StatusMessage message={view.message} />
      <button
        type="button"
        className={`actuate-checkout__applepay-button actuate-checkout__applepay-button--${buttonColor} actuate-checkout__applepay-button--${buttonType}`}
        data-button-type={buttonType}
        style={{
          ...colour,
          width: '100%',
          minHeight: '44px',
          borderRadius: '8px',
          font: '600 16px system-ui, sans-serif',
          cursor: 'pointer',
        }}
        aria-disabled={view.status === 'loading'}
        onClick={() => {
          if (view.status !== 'loading') void element.submit();
        }}
      >
        {label}
      </button>
    </div>
  );
}
