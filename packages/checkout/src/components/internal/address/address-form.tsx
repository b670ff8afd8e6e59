import { useEffect, useRef, useState } from 'react';
import type { AddressLookupResult, CheckoutCallbacks } from '../../../core/callbacks.ts';
import type { I18n } from '../../../core/i18n/i18n.ts';
import { Select, TextInput } from '../field.tsx';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  type AddressData,
  type AddressField,
  addressLayout,
  type BillingAddressMode,
  COUNTRIES_WITH_STATES,
  type FieldError,
  isFieldRequired,
  postalCodeMaxLength,
  sanitiseAddressField,
  validateAddressField,
} from './address-rules.ts';
import { countriesPath, type DatasetEntry, loadDataset, statesPath } from './datasets.ts';

/** Address search waits 300 ms after the last keystroke. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;

export interface AddressFormProps {
  i18n: I18n;
  loadingContext: string;
  mode: BillingAddressMode;
  value: AddressData;
  errors: Partial<Record<AddressField, FieldError>>;
  requiredFields: AddressField[];
  allowedCountries?: string[];
  onAddressLookup?: CheckoutCallbacks['onAddressLookup'];
  onAddressSelected?: CheckoutCallbacks['onAddressSelected'];
  onChange(value: AddressData, errors: Partial<Record<AddressField, FieldError>>): void;
  registerFocusable(field: string, node: HTMLElement | null): void;
  /** The fieldset's title (default: the billing address's) and the focus keys' prefix. */
  legend?: string;
  focusPrefix?: string;
}

const LABEL_KEYS: Record<AddressField, string> = {
  street: 'street',
  houseNumberOrName: 'houseNumberOrName',
  postalCode: 'postalCode',
  city: 'city',
  stateOrProvince: 'stateOrProvince',
  country: 'country',
};

export function errorText(i18n: I18n, label: string, error: FieldError | undefined): string | undefined {
  return error ? i18n.get(error.key, { label, ...error.values }) : undefined;
}

/** Billing address in full, partial (postal code) or no mode, with optional search (onAddressLookup). */
export function AddressForm(props: AddressFormProps) {
  const { i18n, value, errors, mode } = props;
  const [countries, setCountries] = useState<DatasetEntry[]>([]);
  const [states, setStates] = useState<DatasetEntry[]>([]);
  const [manual, setManual] = useState(!props.onAddressLookup);
  const country = value.country;
  const focusPrefix = props.focusPrefix ?? 'billingAddress';

  useEffect(() => {
    if (mode !== 'full') return;
    let live = true;
    void loadDataset(props.loadingContext, countriesPath(i18n.locale)).then((list) => {
      if (!live) return;
      setCountries(
        props.allowedCountries ? list.filter((entry) => props.allowedCountries!.includes(entry.id)) : list,
      );
    });
    return () => {
      live = false;
    };
  }, [mode, props.loadingContext, i18n.locale, props.allowedCountries]);

  useEffect(() => {
    if (mode !== 'full' || !country || !COUNTRIES_WITH_STATES.has(country)) {
      setStates([]);
      return;
    }
    let live = true;
    void loadDataset(props.loadingContext, statesPath(country, i18n.locale)).then((list) => {
      if (live) setStates(list);
    });
    return () => {
      live = false;
    };
  }, [mode, country, props.loadingContext, i18n.locale]);

  if (mode === 'none') return null;

  const labelOf = (field: AddressField) =>
    i18n.get(
      field === 'postalCode' && country === 'US'
        ? 'zipCode'
        : field === 'stateOrProvince' && country === 'US'
          ? 'state'
          : LABEL_KEYS[field],
    );

  const change = (field: AddressField, text: string, validate: boolean) => {
    const next = { ...value, [field]: validate ? sanitiseAddressField(field, text) : text };
    const nextErrors = { ...errors };
    if (validate || errors[field]) {
      const error = validateAddressField(field, next[field] ?? '', next.country, props.requiredFields);
      if (error) nextErrors[field] = error;
      else delete nextErrors[field];
    }
    if (field === 'country') {
      next.stateOrProvince = '';
      delete nextErrors.stateOrProvince;
      delete nextErrors.postalCode;
    }
    props.onChange(next, nextErrors);
  };

  const renderField = (field: AddressField, className: string) => {
    const label = labelOf(field);
    const error = errorText(i18n, label, errors[field]);
    const optional = !isFieldRequired(field, country, props.requiredFields);
    if (field === 'country') {
      return (
        <Select
          key={field}
          name="country"
          label={label}
          className={className}
          value={country ?? ''}
          options={countries.length ? countries : country ? [{ id: country, name: country }] : []}
          placeholder={i18n.get('select.country')}
          error={error}
          onChange={(next) => change('country', next, true)}
          selectRef={(node) => props.registerFocusable(`${focusPrefix}.country`, node)}
        />
      );
    }
    if (field === 'stateOrProvince') {
      if (!states.length) return null;
      return (
        <Select
          key={field}
          name="stateOrProvince"
          label={label}
          className={className}
          value={value.stateOrProvince ?? ''}
          options={states}
          placeholder={i18n.get('select.stateOrProvince')}
          error={error}
          onChange={(next) => change('stateOrProvince', next, true)}
          selectRef={(node) => props.registerFocusable(`${focusPrefix}.stateOrProvince`, node)}
        />
      );
    }
    return (
      <TextInput
        key={field}
        name={field}
        label={label}
        className={className}
        value={value[field] ?? ''}
        error={error}
        optional={optional}
        optionalLabel={i18n.get('field.title.optional')}
        maxLength={field === 'postalCode' ? postalCodeMaxLength(country) : ADDRESS_FIELD_MAX_LENGTH}
        autoComplete={AUTOCOMPLETE[field]}
        onChange={(text) => change(field, text, false)}
        onBlur={(text) => change(field, text, true)}
        inputRef={(node) => props.registerFocusable(`${focusPrefix}.${field}`, node)}
      />
    );
  };

  return (
    <fieldset className="actuate-checkout__fieldset actuate-checkout__address">
      <legend className="actuate-checkout__legend">{props.legend ?? i18n.get('billingAddress')}</legend>
      {!manual && props.onAddressLookup ? (
        <AddressSearch
          i18n={i18n}
          onAddressLookup={props.onAddressLookup}
          onAddressSelected={props.onAddressSelected}
          onManual={() => setManual(true)}
          onSelect={(address) => {
            const next: AddressData = { ...value };
            for (const field of Object.keys(LABEL_KEYS) as AddressField[]) {
              if (address[field] !== undefined) next[field] = String(address[field]);
            }
            props.onChange(next, {});
            setManual(true);
          }}
        />
      ) : (
        addressLayout(country, mode).map((row) => (
          <div
            key={row.fields.join('-')}
            className={`actuate-checkout__row${row.split ? ` actuate-checkout__row--${row.split.replace('/', '-')}` : ''}`}
          >
            {row.fields.map((field, index) =>
              renderField(field, row.split ? `actuate-checkout__col-${index}` : ''),
            )}
          </div>
        ))
      )}
    </fieldset>
  );
}

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  street: 'address-line1',
  houseNumberOrName: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
};

/** Type-ahead search with a listbox and a '+ enter manually' entry (the search mode). */
function AddressSearch(props: {
  i18n: I18n;
  onAddressLookup: NonNullable<CheckoutCallbacks['onAddressLookup']>;
  onAddressSelected: CheckoutCallbacks['onAddressSelected'];
  onSelect(address: AddressLookupResult): void;
  onManual(): void;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AddressLookupResult[]>([]);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      props.onAddressLookup(text, { resolve: setResults, reject: () => setResults([]) });
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
  };
  const choose = (index: number) => {
    if (index === results.length) return props.onManual();
    const picked = results[index];
    if (!picked) return setError(props.i18n.get('address.errors.incomplete'));
    if (props.onAddressSelected)
      props.onAddressSelected(picked, {
        resolve: props.onSelect,
        reject: () => setError(props.i18n.get('address.errors.incomplete')),
      });
    else props.onSelect(picked);
  };
  // Suggestions are plain buttons: native keyboard and screen-reader behaviour, no ARIA widget to get wrong.
  const options = [
    ...results.map((result, index) => ({ key: `result-${result.id}`, label: result.name, index })),
    { key: 'manual', label: props.i18n.get('address.enterManually'), index: results.length },
  ];
  return (
    <div className="actuate-checkout__address-search">
      <TextInput
        name="addressSearch"
        label={props.i18n.get('address.search')}
        value={query}
        error={error}
        autoComplete="off"
        onChange={search}
      />
      <ul className="actuate-checkout__listbox" aria-label={props.i18n.get('address.suggestions')}>
        {options.map((option) => (
          <li key={option.key}>
            <button
              type="button"
              className="actuate-checkout__listbox-option"
              onClick={() => choose(option.index)}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
