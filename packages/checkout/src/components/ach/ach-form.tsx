import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { PayButton, Spinner, StatusMessage } from '../base/pay-button.tsx';
import { AddressForm } from '../internal/address/address-form.tsx';
import {
  type AddressData,
  type AddressField,
  DEFAULT_REQUIRED_FIELDS,
  type FieldError,
  formatBillingAddress,
  validateAddress,
} from '../internal/address/address-rules.ts';
import { Checkbox, TextInput } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import { SecuredFieldView } from '../internal/secured-fields/secured-field-view.tsx';
import type { Ach } from './ach.tsx';
import { useAchFrames } from './use-ach-frames.ts';
import {
  ACH_BILLING_COUNTRIES,
  ACH_LABEL_KEY,
  ACH_REQUIRED_ERROR,
  ACH_SECURED_FIELDS,
  type AchSecuredField,
  type BankAccountType,
  validateHolderName,
} from './validate.ts';

/** A stored account: one button, "Continue to …" (or "Preauthorize with …" for a zero amount). */
export function StoredAchButton({ element }: { element: Ach }) {
  const view = useViewState(element);
  const { checkout } = element;
  const name = element.displayName;
  const zero = checkout.amount?.value === 0;
  return (
    <div className="actuate-checkout__ach actuate-checkout__ach--stored">
      <StatusMessage message={view.message} />
      <PayButton
        label={checkout.i18n.get(zero ? 'ach.preauthorizeWith' : 'ach.continueTo', { name })}
        status={view.status}
        onClick={() => void element.submit()}
      />
    </div>
  );
}

/** The ACH form: account type, holder name, framed account and routing numbers, store, address. */
export function AchForm({ element }: { element: Ach }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const options = element.props;
  const formId = useId();
  const frames = useAchFrames(element, view.resetRequest);
  const { fields, setFields, configured, failed } = frames;
  const [accountType, setAccountType] = useState<BankAccountType>(
    options.data?.bankAccountType ?? 'checking',
  );
  const [holderName, setHolderName] = useState(options.data?.ownerName ?? '');
  const [holderNameShown, setHolderNameShown] = useState(false);
  const [storeDetails, setStoreDetails] = useState(false);
  const allowedCountries = (options.billingAddressAllowedCountries ?? ACH_BILLING_COUNTRIES).filter(
    (country) => ACH_BILLING_COUNTRIES.includes(country),
  );
  const [address, setAddress] = useState<AddressData>(() => ({
    country: allowedCountries.includes(checkout.countryCode ?? '')
      ? checkout.countryCode
      : allowedCountries[0],
    ...options.data?.billingAddress,
  }));
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, FieldError>>>({});
  const focusables = useRef<Record<string, HTMLElement | null>>({});
  const registerFocusable = useCallback((key: string, node: HTMLElement | null) => {
    focusables.current[key] = node;
  }, []);

  const hasHolderName = options.hasHolderName !== false;
  const holderNameRequired = hasHolderName && !!options.holderNameRequired;
  const holderNameError = validateHolderName(holderName, holderNameRequired);
  const addressMode = options.billingAddressRequired ? (options.billingAddressMode ?? 'full') : 'none';
  const requiredAddressFields = options.billingAddressRequiredFields ?? DEFAULT_REQUIRED_FIELDS;
  const currentAddressErrors =
    addressMode === 'none' ? {} : validateAddress(address, addressMode, requiredAddressFields);
  const showStoreDetails = !!options.enableStoreDetails && checkout.amount?.value !== 0;
  const isValid =
    configured &&
    !failed &&
    ACH_SECURED_FIELDS.every((name) => Object.keys(fields[name].blobs).length > 0) &&
    !holderNameError &&
    Object.keys(currentAddressErrors).length === 0;

  useEffect(() => {
    const billingAddress = formatBillingAddress(address, addressMode);
    element.setState({
      isValid,
      data: {
        paymentMethod: {
          type: 'ach',
          ...(fields.encryptedBankAccountNumber.blobs.encryptedBankAccountNumber
            ? {
                encryptedBankAccountNumber:
                  fields.encryptedBankAccountNumber.blobs.encryptedBankAccountNumber,
              }
            : {}),
          ...(fields.encryptedBankLocationId.blobs.encryptedBankLocationId
            ? { encryptedBankLocationId: fields.encryptedBankLocationId.blobs.encryptedBankLocationId }
            : {}),
          // The gateway calls the holder name ownerName for bank accounts.
          ...(hasHolderName && holderName.trim() ? { ownerName: holderName.trim() } : {}),
          bankAccountType: accountType,
        },
        ...(showStoreDetails ? { storePaymentMethod: storeDetails } : {}),
        ...(billingAddress ? { billingAddress } : {}),
      },
      errors: Object.fromEntries(ACH_SECURED_FIELDS.map((name) => [name, fields[name].error || null])),
    });
  }, [
    element,
    isValid,
    fields,
    holderName,
    hasHolderName,
    accountType,
    storeDetails,
    showStoreDetails,
    address,
    addressMode,
  ]);

  useEffect(() => {
    if (view.resetRequest === 0) return;
    setHolderName('');
    setHolderNameShown(false);
    setStoreDetails(false);
    setAccountType('checking');
    setAddressErrors({});
  }, [view.resetRequest]);

  // showValidation(): every error shows, is announced, and the first invalid field gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    frames.controllerRef.current?.validateAll();
    const next = { ...fields };
    const messages: string[] = [];
    let firstInvalid: (() => void) | undefined;
    if (holderNameError) {
      messages.push(`${i18n.get('ach.accountHolderNameField.title')}: ${i18n.get(holderNameError)}`);
      firstInvalid = () => focusables.current.holderName?.focus();
    }
    for (const name of ACH_SECURED_FIELDS) {
      const error =
        fields[name].error || (Object.keys(fields[name].blobs).length ? '' : ACH_REQUIRED_ERROR[name]);
      next[name] = { ...fields[name], error, shown: true };
      if (!error) continue;
      messages.push(`${i18n.get(ACH_LABEL_KEY[name])}: ${i18n.get(error)}`);
      firstInvalid ??= () => frames.controllerRef.current?.focus(name);
    }
    for (const [field, error] of Object.entries(currentAddressErrors)) {
      if (!error) continue;
      messages.push(`${i18n.get(field)}: ${i18n.get(error.key, { label: i18n.get(field) })}`);
      firstInvalid ??= () => focusables.current[`billingAddress.${field}`]?.focus();
    }
    setFields(next);
    setHolderNameShown(true);
    setAddressErrors(currentAddressErrors);
    checkout.liveRegion.announce(messages);
    firstInvalid?.();
  }, [view.validationRequest]);

  element.focusBeforeFrames = () =>
    (focusables.current.holderName ?? focusables.current[`${accountType}`])?.focus();

  if (failed) {
    return (
      <div className="actuate-checkout__ach actuate-checkout__ach--failed">
        <StatusMessage message={i18n.get('secured-fields.loadFailure')} />
      </div>
    );
  }

  const securedField = (name: AchSecuredField) => {
    const field = fields[name];
    return (
      <SecuredFieldView
        key={name}
        fieldType={name}
        label={i18n.get(ACH_LABEL_KEY[name])}
        error={field.shown && field.error ? i18n.get(field.error) : undefined}
        focused={field.focused}
        containerRef={(node) => {
          frames.containers.current[name] = node;
        }}
      />
    );
  };

  return (
    <form
      className="actuate-checkout__ach"
      noValidate
      aria-busy={!configured}
      onSubmit={(event) => {
        event.preventDefault();
        void element.submit();
      }}
    >
      {!configured ? <Spinner label={i18n.get('loading')} /> : null}
      <fieldset className="actuate-checkout__fieldset">
        <legend className="actuate-checkout__legend">{i18n.get('ach.bankAccountType')}</legend>
        {(['checking', 'savings'] as const).map((type) => (
          <label key={type} className="actuate-checkout__radio">
            <input
              type="radio"
              name={`${formId}-bankAccountType`}
              value={type}
              checked={accountType === type}
              ref={(node) => registerFocusable(type, node)}
              onChange={() => setAccountType(type)}
            />
            {i18n.get(`ach.${type}`)}
          </label>
        ))}
      </fieldset>
      {hasHolderName ? (
        <TextInput
          name="ownerName"
          label={i18n.get('ach.accountHolderNameField.title')}
          placeholder={i18n.get('ach.accountHolderNameField.placeholder')}
          value={holderName}
          optional={!holderNameRequired}
          optionalLabel={i18n.get('field.title.optional')}
          autoComplete="name"
          error={holderNameShown && holderNameError ? i18n.get(holderNameError) : undefined}
          onChange={setHolderName}
          onBlur={(value) => {
            setHolderName(value.trim());
            setHolderNameShown(true);
          }}
          inputRef={(node) => registerFocusable('holderName', node)}
        />
      ) : null}
      {ACH_SECURED_FIELDS.map(securedField)}
      <AddressForm
        i18n={i18n}
        loadingContext={checkout.loadingContext}
        mode={addressMode}
        value={address}
        errors={addressErrors}
        requiredFields={requiredAddressFields}
        allowedCountries={allowedCountries}
        onChange={(next, errors) => {
          setAddress(next);
          setAddressErrors(errors);
        }}
        registerFocusable={registerFocusable}
      />
      {showStoreDetails ? (
        <Checkbox
          name="storeDetails"
          label={i18n.get('ach.storeDetails')}
          checked={storeDetails}
          onChange={setStoreDetails}
        />
      ) : null}
      <PayFooter element={element} view={view} />
    </form>
  );
}
