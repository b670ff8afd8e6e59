import { useEffect, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { loadDataset } from '../internal/address/datasets.ts';
import { Select, TextInput } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import type { MBWay } from './mbway.tsx';
import {
  DEFAULT_PHONE_PREFIX,
  formatPhoneNumber,
  mbwayErrors,
  phoneNumberError,
  phonePrefixError,
} from './validate.ts';

interface PhonePrefix {
  id: string;
  prefix: string;
}

/** The gateway's dialling prefixes; none while loading or when they fail to load. */
function usePhonePrefixes(loadingContext: string): PhonePrefix[] {
  const [prefixes, setPrefixes] = useState<PhonePrefix[]>([]);
  useEffect(() => {
    let current = true;
    void loadDataset<PhonePrefix>(loadingContext, 'phonenumbers.json').then((entries) => {
      if (current) setPrefixes(entries);
    });
    return () => {
      current = false;
    };
  }, [loadingContext]);
  return prefixes;
}

/** Country code (default +351) and mobile number, then "Confirm purchase". */
export function MBWayForm({ element }: { element: MBWay }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const prefixes = usePhonePrefixes(checkout.loadingContext);
  const [prefix, setPrefix] = useState(DEFAULT_PHONE_PREFIX);
  const [number, setNumber] = useState('');
  const [shown, setShown] = useState({ phonePrefix: false, phoneNumber: false });
  const numberInput = useRef<HTMLInputElement | null>(null);
  const prefixSelect = useRef<HTMLSelectElement | null>(null);

  const report = (nextPrefix: string, nextNumber: string) => {
    const errors = mbwayErrors(nextPrefix, nextNumber);
    const valid = Object.keys(errors).length === 0;
    element.setState({
      data: valid ? { telephoneNumber: `${nextPrefix}${nextNumber}` } : {},
      isValid: valid,
      ...(valid ? {} : { errors }),
    });
  };

  const errors = {
    phonePrefix: phonePrefixError(prefix),
    phoneNumber: phoneNumberError(prefix, number),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    const all = mbwayErrors(prefix, number);
    if (!all.phonePrefix && !all.phoneNumber) return;
    setShown({ phonePrefix: true, phoneNumber: true });
    checkout.liveRegion.announce(Object.values(all).map((key) => i18n.get(key)));
    (all.phonePrefix ? prefixSelect.current : numberInput.current)?.focus();
  }, [view.validationRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setPrefix(DEFAULT_PHONE_PREFIX);
    setNumber('');
    setShown({ phonePrefix: false, phoneNumber: false });
    report(DEFAULT_PHONE_PREFIX, '');
  }, [view.resetRequest]);

  // The chosen prefix stays selectable while the list loads or if it lacks that prefix.
  const options = prefixes.some((entry) => entry.prefix === prefix)
    ? prefixes
    : [{ id: '', prefix }, ...prefixes];
  const numberError = shown.phoneNumber
    ? (errors.phoneNumber ??
      (number === '' && view.validationRequest > 0 ? 'mobileNumber.invalid' : undefined))
    : undefined;

  return (
    <form
      className="actuate-checkout__mbway"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (view.status !== 'loading') void element.submit();
      }}
    >
      <p className="actuate-checkout__single-field-help">{i18n.get('mbway.help')}</p>
      <div className="actuate-checkout__phone">
        <Select
          name="phonePrefix"
          label={i18n.get('mbway.phonePrefix')}
          value={prefix}
          options={options.map((entry) => ({
            id: entry.prefix,
            name: entry.id ? `${entry.prefix} (${entry.id})` : entry.prefix,
          }))}
          error={shown.phonePrefix && errors.phonePrefix ? i18n.get(errors.phonePrefix) : undefined}
          selectRef={(node) => {
            prefixSelect.current = node;
          }}
          onChange={(next) => {
            setPrefix(next);
            // The number's rule depends on the prefix: a shown error is re-checked at once.
            setShown((current) => ({ ...current, phonePrefix: true }));
            report(next, number);
          }}
        />
        <TextInput
          name="phoneNumber"
          label={i18n.get('mbway.phoneNumber')}
          value={number}
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={15}
          format={formatPhoneNumber}
          error={numberError ? i18n.get(numberError) : undefined}
          inputRef={(node) => {
            numberInput.current = node;
          }}
          onChange={(next) => {
            setNumber(next);
            report(prefix, next);
          }}
          onBlur={() => setShown((current) => ({ ...current, phoneNumber: true }))}
        />
      </div>
      <PayFooter element={element} view={view} label={i18n.get('mbway.confirmPurchase')} />
    </form>
  );
}
