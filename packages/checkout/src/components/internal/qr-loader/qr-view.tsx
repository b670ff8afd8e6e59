import { useEffect, useState } from 'react';
import type { AwaitActionElement } from '../await/await-element.tsx';
import { AppLink, AwaitAmount, AwaitFrame, Countdown, useAwaitProgress } from '../await/await-view.tsx';

/** Methods whose shoppers pay from the same phone: a screenshot of the code, then their bank app. */
const SCREENSHOT_STEPS: Record<string, string> = {
  paynow: 'qr.steps.2.paynow',
  payme: 'qr.steps.2.payme',
};
const SMALL_SCREEN = '(max-width: 1024px)';

function useMatchMedia(query: string): boolean {
  const read = () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;
  const [matches, setMatches] = useState(read);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** The gateway draws the QR code; the widget carries no encoder. */
export const qrImageUrl = (loadingContext: string, data: string) =>
  `${loadingContext}barcode.shtml?${new URLSearchParams({ barcodeType: 'qrCode', fileType: 'png', data }).toString()}`;

function CopyQrButton({ element, data }: { element: AwaitActionElement; data: string }) {
  const { checkout } = element;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data);
      checkout.liveRegion.announce(checkout.i18n.get('qr.copied'));
    } catch {
      checkout.liveRegion.announce(checkout.i18n.get('qr.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className="actuate-checkout__button actuate-checkout__button--secondary"
      onClick={() => void copy()}
    >
      {checkout.i18n.get('qr.copy')}
    </button>
  );
}

/** What to do with the code: a scan prompt, or (PayNow, PayMe on a phone or tablet) the steps. */
function QrInstructions({ element }: { element: AwaitActionElement }) {
  const { i18n } = element.checkout;
  const method = element.methodName;
  const smallScreen = useMatchMedia(SMALL_SCREEN);
  const secondStep = SCREENSHOT_STEPS[element.paymentMethodType];
  if (!secondStep || !smallScreen)
    return <p className="actuate-checkout__await-instructions">{i18n.get('qr.scan', { method })}</p>;
  return (
    <div className="actuate-checkout__await-instructions">
      <p>{i18n.get('qr.steps.heading', { method })}</p>
      <ol>
        <li>{i18n.get('qr.steps.1')}</li>
        <li>{i18n.get(secondStep)}</li>
        <li>{i18n.get('qr.steps.3')}</li>
      </ol>
    </div>
  );
}

/** The QR action: code, amount, time left, a copy button and the app link, until the payment ends. */
export function QrView({ element }: { element: AwaitActionElement }) {
  const progress = useAwaitProgress(element);
  const { checkout } = element;
  const data = typeof element.action.qrCodeData === 'string' ? element.action.qrCodeData : '';
  return (
    <AwaitFrame element={element} progress={progress}>
      <QrInstructions element={element} />
      {data ? (
        <img
          className="actuate-checkout__qr-image"
          src={qrImageUrl(checkout.loadingContext, data)}
          alt={checkout.i18n.get('qr.image', { method: element.methodName })}
          width={200}
          height={200}
        />
      ) : null}
      <AwaitAmount element={element} />
      <Countdown element={element} progress={progress} />
      <div className="actuate-checkout__await-actions">
        {data ? <CopyQrButton element={element} data={data} /> : null}
        <AppLink element={element} />
      </div>
    </AwaitFrame>
  );
}
