import { useEffect, useId, useState } from 'react';
import { ElementRoot, useViewState } from '../base/element-root.tsx';
import { Spinner } from '../base/pay-button.tsx';
import type { PaymentElement } from '../base/payment-element.tsx';
import type { Dropin, DropinEntry } from './dropin.tsx';

type OrderSummaryView = typeof import('./order-summary.tsx').OrderSummary;

export function DropinView({ dropin }: { dropin: Dropin }) {
  const view = useViewState(dropin);
  const { i18n } = dropin.checkout;
  const entries = dropin.entries;
  const [opened, setOpened] = useState(false);

  // Open the first stored (or regular) method once, as configured.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount.
  useEffect(() => {
    if (opened) return;
    setOpened(true);
    if (dropin.activeKey === undefined) dropin.select(dropin.initialEntry?.key);
    dropin.props.onReady?.();
  }, []);

  // A partial payment, a cancelled order or new methods for the remainder: list again.
  useEffect(
    () => dropin.checkout.onOrderChange(() => dropin.view.set({ revision: dropin.view.get().revision + 1 })),
    [dropin],
  );

  if (view.status === 'success' || view.status === 'error') {
    const success = view.status === 'success';
    return (
      <div
        className={`actuate-checkout__final actuate-checkout__final--${view.status}${dropin.props.disableFinalAnimation ? '' : ' actuate-checkout__final--animated'}`}
        role="status"
      >
        <span className="actuate-checkout__final-icon" aria-hidden="true">
          {success ? '✓' : '!'}
        </span>
        <p className="actuate-checkout__final-message">{view.message}</p>
      </div>
    );
  }

  const instant = entries.filter((entry) => entry.instant);
  const stored = entries.filter((entry) => entry.stored);
  const others = entries.filter((entry) => !entry.stored && !entry.instant);
  const list = (label: string, items: DropinEntry[]) =>
    items.length ? (
      <section className="actuate-checkout__dropin-section" aria-label={label}>
        <ul className="actuate-checkout__payment-methods">
          {items.map((entry) => (
            <DropinItem
              key={entry.key}
              dropin={dropin}
              entry={entry}
              active={dropin.activeKey === entry.key}
            />
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <div className="actuate-checkout__dropin" aria-busy={view.status === 'loading'}>
      <LazyOrderSummary dropin={dropin} />
      {instant.length ? (
        <div className="actuate-checkout__instant-payments">
          {instant.map((entry) => (
            <LazyElement key={entry.key} dropin={dropin} entry={entry} />
          ))}
        </div>
      ) : null}
      {list(i18n.get('paymentMethods.storedMethods'), stored)}
      {list(i18n.get('paymentMethods.otherMethods'), others)}
    </div>
  );
}

function DropinItem({ dropin, entry, active }: { dropin: Dropin; entry: DropinEntry; active: boolean }) {
  const { i18n } = dropin.checkout;
  const panelId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <li
      className={`actuate-checkout__payment-method${active ? ' actuate-checkout__payment-method--selected' : ''}`}
      data-type={entry.type}
    >
      <div className="actuate-checkout__payment-method-header">
        <button
          type="button"
          className="actuate-checkout__payment-method-button"
          aria-expanded={active}
          aria-controls={panelId}
          onClick={() => dropin.select(active ? undefined : entry.key)}
        >
          <span className="actuate-checkout__radio-indicator" aria-hidden="true" />
          <span className="actuate-checkout__payment-method-name">{entry.name}</span>
        </button>
        {entry.stored && dropin.props.showRemovePaymentMethodButton && !confirming ? (
          <button type="button" className="actuate-checkout__link-button" onClick={() => setConfirming(true)}>
            {i18n.get('storedPaymentMethod.disable.button')}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <fieldset className="actuate-checkout__confirm">
          <legend>{i18n.get('storedPaymentMethod.disable.confirmation')}</legend>
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--danger"
            aria-disabled={busy}
            onClick={() => {
              if (busy) return;
              setBusy(true);
              dropin.disableStoredPaymentMethod(entry).catch(() => {
                // On failure only the busy flag is cleared.
                setBusy(false);
              });
            }}
          >
            {i18n.get('storedPaymentMethod.disable.confirmButton')}
          </button>
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--secondary"
            onClick={() => setConfirming(false)}
          >
            {i18n.get('storedPaymentMethod.disable.cancelButton')}
          </button>
        </fieldset>
      ) : null}
      <div id={panelId} className="actuate-checkout__payment-method-details" hidden={!active}>
        {active ? <LazyElement dropin={dropin} entry={entry} /> : null}
      </div>
    </li>
  );
}

/** Renders a method's element, loading its code first when it is lazy. */
function LazyElement({ dropin, entry }: { dropin: Dropin; entry: DropinEntry }) {
  const [element, setElement] = useState<PaymentElement>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: entries are rebuilt on each render; the key identifies them.
  useEffect(() => {
    let live = true;
    void dropin.elementFor(entry).then((created) => {
      if (live) setElement(created);
    });
    return () => {
      live = false;
    };
  }, [dropin, entry.key]);
  if (!element) return <Spinner label={dropin.checkout.i18n.get('loading')} />;
  return <ElementRoot element={element} />;
}

/** The order summary, fetched with its strings only once an order is open (keeps the drop-in small). */
function LazyOrderSummary({ dropin }: { dropin: Dropin }) {
  const { order } = dropin.checkout;
  const [Summary, setSummary] = useState<{ view: OrderSummaryView }>();
  useEffect(() => {
    if (!order || Summary) return;
    let live = true;
    void import('./order-summary.tsx').then((module) => {
      if (live) setSummary({ view: module.OrderSummary });
    });
    return () => {
      live = false;
    };
  }, [order, Summary]);
  if (!order || !Summary) return null;
  return <Summary.view key={order.pspReference} checkout={dropin.checkout} order={order} />;
}
