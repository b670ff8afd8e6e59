import { useEffect, useId, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { payButtonLabel } from '../base/pay-button.tsx';
import { TextInput } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import { SegmentedControl } from '../internal/segmented-control.tsx';
import type { UpiMode } from './modes.ts';
import { type Upi, upiState } from './upi.tsx';
import { ENTER_UPI_ID, type UpiSelection, upiErrors } from './validate.ts';

type Shown = Partial<Record<'appId' | 'virtualPaymentAddress', boolean>>;

/** The mode segments, then the chosen mode's panel and its button. */
export function UpiForm({ element }: { element: Upi }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const panelId = useId();
  const [selection, setSelection] = useState<UpiSelection>(() => element.initialSelection);
  const [shown, setShown] = useState<Shown>({});
  const firstApp = useRef<HTMLInputElement | null>(null);
  const vpaInput = useRef<HTMLInputElement | null>(null);
  const errors = upiErrors(selection);

  const change = (next: Partial<UpiSelection>) => {
    const updated = { ...selection, ...next };
    setSelection(updated);
    element.setState(upiState(updated));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    const keys = Object.values(errors);
    if (keys.length === 0) return;
    setShown({ appId: true, virtualPaymentAddress: true });
    checkout.liveRegion.announce(keys.map((key) => i18n.get(key)));
    (errors.appId ? firstApp.current : vpaInput.current)?.focus();
  }, [view.validationRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    const initial = element.initialSelection;
    setSelection(initial);
    setShown({});
    element.setState(upiState(initial));
  }, [view.resetRequest]);

  const vpaField = (
    <TextInput
      name="virtualPaymentAddress"
      label={i18n.get('upi.vpa')}
      value={selection.virtualPaymentAddress}
      autoComplete="off"
      maxLength={255}
      error={
        shown.virtualPaymentAddress && errors.virtualPaymentAddress
          ? i18n.get(errors.virtualPaymentAddress)
          : undefined
      }
      inputRef={(node) => {
        vpaInput.current = node;
      }}
      onChange={(value) => change({ virtualPaymentAddress: value })}
      onBlur={() => setShown((current) => ({ ...current, virtualPaymentAddress: true }))}
    />
  );

  return (
    <form
      className="actuate-checkout__upi"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (view.status !== 'loading') void element.submit();
      }}
    >
      <SegmentedControl<UpiMode>
        label={i18n.get('upi.modes')}
        segments={element.modes.map((mode) => ({ value: mode, label: i18n.get(`upi.mode.${mode}`) }))}
        value={selection.mode}
        controls={panelId}
        onChange={(mode) => {
          setShown({});
          change({ mode });
        }}
      />
      <div id={panelId} className="actuate-checkout__upi-panel">
        {selection.mode === 'intent' ? (
          <AppList
            element={element}
            selection={selection}
            error={shown.appId && errors.appId ? i18n.get(errors.appId) : undefined}
            firstApp={firstApp}
            onChange={(appId) => change({ appId })}
          />
        ) : null}
        {selection.mode === 'intent' && selection.appId === ENTER_UPI_ID ? vpaField : null}
        {selection.mode === 'vpa' ? (
          <>
            <p className="actuate-checkout__single-field-help">{i18n.get('upi.vpa.help')}</p>
            {vpaField}
          </>
        ) : null}
        {selection.mode === 'qrCode' ? (
          <p className="actuate-checkout__single-field-help">{i18n.get('upi.qrCode.help')}</p>
        ) : null}
      </div>
      <PayFooter
        element={element}
        view={view}
        label={selection.mode === 'qrCode' ? i18n.get('upi.qrCode.generate') : payButtonLabel(checkout)}
      />
    </form>
  );
}

/** The apps as native radio buttons, plus the entry that asks for a UPI id. */
function AppList({
  element,
  selection,
  error,
  firstApp,
  onChange,
}: {
  element: Upi;
  selection: UpiSelection;
  error: string | undefined;
  firstApp: { current: HTMLInputElement | null };
  onChange(appId: string): void;
}) {
  const { i18n } = element.checkout;
  const errorId = useId();
  const entries = [...element.apps, { id: ENTER_UPI_ID, name: i18n.get('upi.app.enterId') }];
  return (
    <fieldset
      className={`actuate-checkout__fieldset${error ? ' actuate-checkout__field--error' : ''}`}
      aria-describedby={errorId}
    >
      <legend className="actuate-checkout__legend">{i18n.get('upi.apps')}</legend>
      {entries.map((app, index) => (
        <label key={app.id} className="actuate-checkout__radio">
          <input
            ref={
              index === 0
                ? (node) => {
                    firstApp.current = node;
                  }
                : undefined
            }
            type="radio"
            name="upiApp"
            value={app.id}
            checked={selection.appId === app.id}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(app.id)}
          />
          <span>{app.name}</span>
        </label>
      ))}
      <span className="actuate-checkout__error-text" id={errorId}>
        {error ?? ''}
      </span>
    </fieldset>
  );
}
