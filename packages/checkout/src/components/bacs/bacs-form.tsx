import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { formatAmount } from '../../core/amount.ts';
import { useViewState } from '../base/element-root.tsx';
import { PayButton, StatusMessage } from '../base/pay-button.tsx';
import { TextInput } from '../internal/field.tsx';
import type { Bacs } from './bacs.tsx';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import {
  ACCOUNT_NUMBER_MAX,
  type BacsField,
  type BacsFields,
  bacsErrors,
  digitsOnly,
  EMPTY_FIELDS,
  FIELD_ORDER,
  SORT_CODE_LENGTH,
} from './validate.ts';

const TEXT_FIELDS = [
  { name: 'holderName', label: 'bacs.holderName', autoComplete: 'name' },
  {
    name: 'bankAccountNumber',
    label: 'bacs.accountNumber',
    inputMode: 'numeric',
    maxLength: ACCOUNT_NUMBER_MAX,
    format: (value: string) => digitsOnly(value, ACCOUNT_NUMBER_MAX),
  },
  {
    name: 'bankLocationId',
    label: 'bacs.bankLocationId',
    inputMode: 'numeric',
    maxLength: SORT_CODE_LENGTH,
    format: (value: string) => digitsOnly(value, SORT_CODE_LENGTH),
  },
  { name: 'shopperEmail', label: 'bacs.shopperEmail', inputMode: 'email', autoComplete: 'email' },
] as const;

const CONSENTS = [
  { name: 'amountConsent', label: 'bacs.consent.amount' },
  { name: 'accountConsent', label: 'bacs.consent.account' },
] as const;

/** The entry and confirm steps: the same fields, read-only once the shopper continues. */
export function BacsForm({ element }: { element: Bacs }) {
  const view = useViewState(element);
  const { step } = useSyncExternalStore(element.steps.subscribe, element.steps.get, element.steps.get);
  const { checkout } = element;
  const { i18n } = checkout;
  const [fields, setFields] = useState<BacsFields>(EMPTY_FIELDS);
  // A field's error shows once the shopper left it (or asked to continue), not while typing the first time.
  const [shown, setShown] = useState<Partial<Record<BacsField, boolean>>>({});
  const focusables = useRef<Partial<Record<BacsField, HTMLInputElement | null>>>({});
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const errors = bacsErrors(fields);
  const confirming = step === 'confirm';

  const change = (patch: Partial<BacsFields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    element.setState({
      data: {
        paymentMethod: {
          type: 'directdebit_GB',
          holderName: next.holderName.trim(),
          bankAccountNumber: next.bankAccountNumber,
          bankLocationId: next.bankLocationId,
        },
        shopperEmail: next.shopperEmail.trim(),
      },
      isValid: Object.keys(bacsErrors(next)).length === 0,
      errors: bacsErrors(next),
    });
  };

  // showValidation(): every error becomes visible, is announced, and the first one gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    setShown(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])));
    const invalid = FIELD_ORDER.filter((name) => errors[name]);
    checkout.liveRegion.announce(invalid.map((name) => i18n.get(errors[name] as string)));
    const first = invalid[0];
    if (first) focusables.current[first]?.focus();
  }, [view.validationRequest]);

  // reset(): an empty form again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setShown({});
    change(EMPTY_FIELDS);
  }, [view.resetRequest]);

  // Moving between steps moves focus to where the shopper continues: the summary, or the first field.
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === 'confirm') confirmTitle.current?.focus();
    else focusables.current.holderName?.focus();
  }, [step]);

  const amount = checkout.amount;
  const payLabel = amount
    ? i18n.get('bacs.confirmAndPay', { value: formatAmount(amount, i18n.locale) })
    : i18n.get('bacs.confirmAndPay.noAmount');
  const showButtons = element.props.showPayButton !== false;
  const errorOf = (name: BacsField) => (shown[name] && errors[name] ? i18n.get(errors[name]) : undefined);

  return (
    <form
      className={`actuate-checkout__bacs actuate-checkout__bacs--${step}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void element.submit();
      }}
    >
      {confirming ? (
        <h2 className="actuate-checkout__bacs-confirm-title" ref={confirmTitle} tabIndex={-1}>
          {i18n.get('bacs.confirmTitle')}
        </h2>
      ) : null}
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field.name}
          name={field.name}
          label={i18n.get(field.label)}
          value={fields[field.name]}
          readOnly={confirming}
          error={confirming ? undefined : errorOf(field.name)}
          inputRef={(node) => {
            focusables.current[field.name] = node;
          }}
          {...('inputMode' in field ? { inputMode: field.inputMode } : {})}
          {...('autoComplete' in field ? { autoComplete: field.autoComplete } : {})}
          {...('maxLength' in field ? { maxLength: field.maxLength } : {})}
          {...('format' in field ? { format: field.format } : {})}
          onChange={(value) => change({ [field.name]: value })}
          onBlur={() => setShown((current) => ({ ...current, [field.name]: true }))}
        />
      ))}
      {confirming
        ? null
        : CONSENTS.map((consent) => (
            <ConsentCheckbox
              key={consent.name}
              name={consent.name}
              label={i18n.get(consent.label)}
              checked={fields[consent.name]}
              error={errorOf(consent.name)}
              inputRef={(node) => {
                focusables.current[consent.name] = node;
              }}
              onChange={(checked) => {
                change({ [consent.name]: checked });
                setShown((current) => ({ ...current, [consent.name]: true }));
              }}
            />
          ))}
      <StatusMessage message={view.message} />
      {confirming ? (
        <div className="actuate-checkout__bacs-actions">
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--secondary"
            onClick={() => element.edit()}
          >
            {i18n.get('bacs.edit')}
          </button>
          {showButtons ? (
            <PayButton label={payLabel} status={view.status} onClick={() => void element.submit()} />
          ) : null}
        </div>
      ) : showButtons ? (
        <button type="submit" className="actuate-checkout__button actuate-checkout__button--pay">
          {i18n.get('bacs.continue')}
        </button>
      ) : null}
    </form>
  );
}
