import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { formatAmount } from '../../../core/amount.ts';
import { Spinner } from '../../base/pay-button.tsx';
import type { AwaitActionElement, AwaitProgress } from './await-element.tsx';
import { formatCountdown } from './countdown.ts';

/** The element's progress; polling and the countdown run while the view is on screen. */
export function useAwaitProgress(element: AwaitActionElement): AwaitProgress {
  useEffect(() => {
    element.start();
    return () => element.stop();
  }, [element]);
  return useSyncExternalStore(element.progress.subscribe, element.progress.get, element.progress.get);
}

/** mm:ss left and a bar that empties; the live region reads the time out on its own schedule. */
export function Countdown({ element, progress }: { element: AwaitActionElement; progress: AwaitProgress }) {
  const { secondsLeft, totalSeconds } = progress;
  if (!element.showsCountdown || secondsLeft === undefined || !totalSeconds) return null;
  const label = element.checkout.i18n.get('await.timeLeft');
  return (
    <div className="actuate-checkout__await-countdown">
      <p>
        {label}: <span className="actuate-checkout__await-time">{formatCountdown(secondsLeft)}</span>
      </p>
      <progress
        className="actuate-checkout__await-progress"
        aria-label={label}
        max={totalSeconds}
        value={secondsLeft}
      />
    </div>
  );
}

/** The amount being paid: the action's own, else the checkout's. */
export function AwaitAmount({ element }: { element: AwaitActionElement }) {
  const { i18n, amount: checkoutAmount } = element.checkout;
  const own = element.action.amount as { value?: unknown; currency?: unknown } | undefined;
  const amount =
    typeof own?.value === 'number' && typeof own.currency === 'string'
      ? { value: own.value, currency: own.currency }
      : checkoutAmount;
  if (!amount) return null;
  return (
    <p className="actuate-checkout__await-amount">
      {i18n.get('await.amount')} <strong>{formatAmount(amount, i18n.locale)}</strong>
    </p>
  );
}

/** A button-styled link into the method's app (on a phone it opens the app, elsewhere its page). */
export function AppLink({ element }: { element: AwaitActionElement }) {
  const { url } = element.action;
  if (typeof url !== 'string' || !url) return null;
  return (
    <a className="actuate-checkout__button actuate-checkout__button--secondary" href={url}>
      {element.checkout.i18n.get('await.openApp', { method: element.methodName })}
    </a>
  );
}

/**
 * The waiting screen's frame: the result once the attempt has ended (success, failure, expiry),
 * otherwise `children`.
 */
export function AwaitFrame({
  element,
  progress,
  children,
}: {
  element: AwaitActionElement;
  progress: AwaitProgress;
  children: ReactNode;
}) {
  const { i18n } = element.checkout;
  if (progress.phase === 'success')
    return (
      <div className="actuate-checkout__await actuate-checkout__await--success">
        <p className="actuate-checkout__await-result">{i18n.get('creditCard.success')}</p>
      </div>
    );
  if (progress.phase === 'failed')
    return (
      <div className="actuate-checkout__await actuate-checkout__await--failed">
        <p className="actuate-checkout__await-result">
          {i18n.get(progress.messageKey ?? 'error.subtitle.payment')}
        </p>
      </div>
    );
  if (progress.phase === 'expired')
    return (
      <div className="actuate-checkout__await actuate-checkout__await--expired">
        <p className="actuate-checkout__await-result">{i18n.get('await.expired')}</p>
        <p>{i18n.get('await.expired.hint')}</p>
      </div>
    );
  return <div className="actuate-checkout__await">{children}</div>;
}

/** Await action (Blik, MB Way, UPI collect, ANCV): what to do in the app, the time left, the app link. */
export function AwaitView({ element }: { element: AwaitActionElement }) {
  const progress = useAwaitProgress(element);
  const { i18n } = element.checkout;
  const specific = `await.instructions.${element.paymentMethodType}`;
  const instructions = i18n.has(specific)
    ? i18n.get(specific)
    : i18n.get('await.instructions', { method: element.methodName });
  return (
    <AwaitFrame element={element} progress={progress}>
      <Spinner label={i18n.get('await.waiting')} />
      <p className="actuate-checkout__await-instructions">{instructions}</p>
      <AwaitAmount element={element} />
      <Countdown element={element} progress={progress} />
      <AppLink element={element} />
    </AwaitFrame>
  );
}
