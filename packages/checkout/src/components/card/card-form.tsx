import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InstallmentOptions } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { payButtonLabel, Spinner, StatusMessage } from '../base/pay-button.tsx';
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
import type { FieldPolicy, FieldType } from '../internal/secured-fields/controller.ts';
import { SecuredFieldView } from '../internal/secured-fields/secured-field-view.tsx';
import type { Card } from './card.tsx';
import { brandName, expiryDatePolicy, securityCodePolicy } from './card-brands.ts';
import { BrandStrip, StoredCardSummary } from './card-parts.tsx';
import { type InstallmentChoice, Installments, installmentSelectOptions } from './installments.tsx';
import {
  LABEL_KEY,
  SECURED_FIELD_ORDER,
  type SecuredFieldName,
  useSecuredFields,
  visibleFieldsFor,
} from './use-secured-fields.ts';
import {
  formatSocialSecurityNumber,
  isAnnouncedError,
  isInstallmentPayment,
  SOCIAL_SECURITY_NUMBER_MAX_LENGTH,
  validateHolderName,
  validateSocialSecurityNumber,
  validateTaxNumber,
} from './validators.ts';

const REQUIRED_ERROR: Record<SecuredFieldName, string> = {
  encryptedCardNumber: 'cc.num.900',
  encryptedExpiryDate: 'cc.dat.910',
  encryptedSecurityCode: 'cc.cvc.920',
};

/** The card form: secured fields plus holder name, country fields, installments, address. */
export function CardForm({ element }: { element: Card }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const options = element.props;
  const stored = !!options.storedPaymentMethodId;
  const supportedBrands = element.supportedBrands;
  const formId = useId();
  const secured = useSecuredFields(element, visibleFieldsFor(options), view.resetRequest, {
    onHolderNameAutofill: (value) => {
      if (options.hasHolderName) setHolderName(value);
    },
  });
  const { configured, failure, fields, setFields, binFacts, selectedBrand, setSelectedBrand, controllerRef } =
    secured;

  const [holderName, setHolderName] = useState(options.data?.holderName ?? '');
  const [holderNameShown, setHolderNameShown] = useState(false);
  const [taxNumber, setTaxNumber] = useState('');
  const [taxNumberShown, setTaxNumberShown] = useState(false);
  const [ssn, setSsn] = useState('');
  const [ssnShown, setSsnShown] = useState(false);
  const [installment, setInstallment] = useState<InstallmentChoice>();
  const [storeDetails, setStoreDetails] = useState(false);
  const [address, setAddress] = useState<AddressData>(() => ({
    country: options.data?.billingAddress?.country ?? checkout.countryCode ?? '',
    ...options.data?.billingAddress,
  }));
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, FieldError>>>({});

  const focusables = useRef<Record<string, HTMLElement | null>>({});

  const brand = selectedBrand ?? binFacts?.brands[0]?.brand ?? secured.detectedBrand;
  const reportedPolicies = secured.reportedPolicies;
  const binBrand = binFacts?.brands.find((entry) => entry.brand === brand);
  const cvcPolicy = securityCodePolicy(brand, {
    ...(options.hideCVC ? { hideCVC: true } : {}),
    ...(binBrand?.cvcPolicy
      ? { reported: binBrand.cvcPolicy }
      : reportedPolicies.cvcPolicy
        ? { reported: reportedPolicies.cvcPolicy }
        : {}),
  });
  const datePolicy: FieldPolicy =
    stored && !options.storedCardRequiresExpiry
      ? 'hidden'
      : expiryDatePolicy(brand, binBrand?.expiryDatePolicy ?? reportedPolicies.expiryDatePolicy);

  const visibleSecuredFields = visibleFieldsFor(options);

  const issuingCountry =
    binFacts?.issuingCountryCode ?? (options.countryCode ?? checkout.countryCode)?.toUpperCase();
  const showKorean =
    !stored && !!options.configuration?.koreanAuthenticationRequired && issuingCountry === 'KR';
  const ssnMode = options.socialSecurityNumberMode ?? 'auto';
  const showSsn =
    !stored && (ssnMode === 'show' || (ssnMode === 'auto' && !!binFacts?.showSocialSecurityNumber));
  const billingAddressMode =
    options.billingAddressRequired && !stored ? (options.billingAddressMode ?? 'full') : 'none';
  const requiredAddressFields = options.billingAddressRequiredFields ?? DEFAULT_REQUIRED_FIELDS;
  const amount = checkout.amount;
  const zeroAmount = amount?.value === 0;
  const showStoreDetails =
    !stored &&
    !zeroAmount &&
    (options.enableStoreDetails ?? checkout.sessionConfiguration.enableStoreDetails ?? false);
  const installmentOptions: InstallmentOptions | undefined =
    options.installmentOptions ?? checkout.sessionConfiguration.installmentOptions;
  const installmentsForBrand =
    installmentOptions && options.fundingSource !== 'debit'
      ? (installmentOptions[brand ?? ''] ?? installmentOptions.card)
      : undefined;

  // Errors per field, as shown (translated) and as codes for the live region.
  const securedError = (name: SecuredFieldName) => {
    const field = fields[name];
    if (!field.shown || !field.error) return undefined;
    const key =
      name === 'encryptedSecurityCode' && cvcPolicy === 'optional'
        ? 'creditCard.cvcField.title.optional'
        : LABEL_KEY[name];
    return { code: field.error, text: i18n.get(field.error), label: i18n.get(key) };
  };

  const securedValid = (name: SecuredFieldName): boolean => {
    const field = fields[name];
    if (!visibleSecuredFields.includes(name)) return true;
    if (field.error && field.shown && field.error !== '') return false;
    if (name === 'encryptedCardNumber') return !!field.blobs.encryptedCardNumber && !binFacts?.unsupported;
    if (name === 'encryptedExpiryDate') {
      if (datePolicy !== 'required') return !field.error;
      return !!field.blobs.encryptedExpiryMonth && !!field.blobs.encryptedExpiryYear;
    }
    if (cvcPolicy !== 'required') return !field.error;
    return !!field.blobs.encryptedSecurityCode;
  };

  const holderNameRequired = !!options.hasHolderName && !!options.holderNameRequired && !stored;
  const holderNameError = validateHolderName(holderName, holderNameRequired);
  const taxNumberError = showKorean ? validateTaxNumber(taxNumber) : undefined;
  const ssnError = showSsn ? validateSocialSecurityNumber(ssn) : undefined;
  const currentAddressErrors =
    billingAddressMode === 'none' ? {} : validateAddress(address, billingAddressMode, requiredAddressFields);

  const isValid =
    configured &&
    !failure &&
    SECURED_FIELD_ORDER.every(securedValid) &&
    !holderNameError &&
    !taxNumberError &&
    !ssnError &&
    Object.keys(currentAddressErrors).length === 0;

  // Report state to the element on every change (onChange, isValid, data).
  useEffect(() => {
    const blobs = Object.assign({}, ...SECURED_FIELD_ORDER.map((name) => fields[name].blobs)) as Record<
      string,
      string
    >;
    const billingAddress = formatBillingAddress(address, billingAddressMode);
    const paymentBrand = stored ? options.brand : binFacts?.dualBrand ? brand : undefined;
    element.setState({
      isValid,
      data: {
        paymentMethod: {
          type: element.txVariant,
          ...blobs,
          ...(options.hasHolderName && holderName.trim() ? { holderName: holderName.trim() } : {}),
          ...(stored ? { storedPaymentMethodId: options.storedPaymentMethodId } : {}),
          ...(paymentBrand ? { brand: paymentBrand } : {}),
          ...(showKorean && taxNumber ? { taxNumber } : {}),
          ...(options.fundingSource ? { fundingSource: options.fundingSource } : {}),
        },
        ...(billingAddress ? { billingAddress } : {}),
        ...(showStoreDetails ? { storePaymentMethod: storeDetails } : {}),
        ...(isInstallmentPayment(installment) && installment ? { installments: installment } : {}),
        ...(showSsn && ssn ? { socialSecurityNumber: ssn } : {}),
      },
      errors: Object.fromEntries(SECURED_FIELD_ORDER.map((name) => [name, fields[name].error || null])),
    });
  }, [
    element,
    isValid,
    fields,
    holderName,
    address,
    billingAddressMode,
    storeDetails,
    showStoreDetails,
    installment,
    ssn,
    showSsn,
    taxNumber,
    showKorean,
    brand,
    binFacts,
    stored,
    options,
  ]);

  // reset(): clear every other field too.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setHolderName('');
    setTaxNumber('');
    setSsn('');
    setInstallment(undefined);
    setStoreDetails(false);
    setHolderNameShown(false);
    setTaxNumberShown(false);
    setSsnShown(false);
    setAddressErrors({});
  }, [view.resetRequest]);

  // showValidation(): every error becomes visible, is announced, and the first one gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    controllerRef.current?.validateAll();
    const nextFields = { ...fields };
    for (const name of secured.framedFields) {
      const field = fields[name];
      const required =
        name === 'encryptedSecurityCode'
          ? cvcPolicy === 'required'
          : name === 'encryptedExpiryDate'
            ? datePolicy === 'required'
            : true;
      const missing = required && Object.keys(field.blobs).length === 0;
      nextFields[name] = {
        ...field,
        shown: true,
        error: field.error || (missing ? REQUIRED_ERROR[name] : ''),
      };
    }
    setFields(nextFields);
    setHolderNameShown(true);
    setTaxNumberShown(true);
    setSsnShown(true);
    setAddressErrors(currentAddressErrors);

    const messages: string[] = [];
    let firstInvalid: (() => void) | undefined;
    for (const name of secured.framedFields) {
      const code = nextFields[name].error;
      if (!code) continue;
      if (isAnnouncedError(code)) messages.push(`${i18n.get(LABEL_KEY[name])}: ${i18n.get(code)}`);
      firstInvalid ??= () => controllerRef.current?.focus(name as FieldType);
    }
    const nativeErrors: [string, string | undefined, string][] = [
      ['holderName', holderNameError, i18n.get('creditCard.holderName')],
      ['taxNumber', taxNumberError, i18n.get('creditCard.taxNumber')],
      ['socialSecurityNumber', ssnError, i18n.get('boleto.socialSecurityNumber')],
      ...Object.entries(currentAddressErrors).map(
        ([field, error]) =>
          [`billingAddress.${field}`, error?.key, i18n.get(field)] as [string, string | undefined, string],
      ),
    ];
    for (const [key, error, label] of nativeErrors) {
      if (!error) continue;
      messages.push(`${label}: ${i18n.get(error, { label })}`);
      firstInvalid ??= () => focusables.current[key]?.focus();
    }
    checkout.liveRegion.announce(messages);
    firstInvalid?.();
  }, [view.validationRequest]);

  const registerFocusable = useCallback((key: string, node: HTMLElement | null) => {
    focusables.current[key] = node;
  }, []);

  const securedField = (name: SecuredFieldName) => {
    if (!visibleSecuredFields.includes(name)) return null;
    const policy =
      name === 'encryptedSecurityCode' ? cvcPolicy : name === 'encryptedExpiryDate' ? datePolicy : 'required';
    const optionalKey =
      name === 'encryptedSecurityCode'
        ? 'creditCard.cvcField.title.optional'
        : 'creditCard.expiryDateField.title.optional';
    return (
      <SecuredFieldView
        key={name}
        fieldType={name}
        label={i18n.get(policy === 'optional' ? optionalKey : LABEL_KEY[name])}
        error={securedError(name)?.text}
        focused={fields[name].focused}
        hidden={policy === 'hidden'}
        badge={
          name === 'encryptedCardNumber' && options.showBrandIcon !== false && brand ? (
            <span className="actuate-checkout__brand-badge" data-brand={brand}>
              {brandName(brand)}
            </span>
          ) : null
        }
        containerRef={(node) => {
          secured.containers.current[name] = node;
        }}
      />
    );
  };

  if (failure) {
    return (
      <div className="actuate-checkout__card actuate-checkout__card--failed">
        <StatusMessage message={i18n.get('secured-fields.loadFailure')} />
      </div>
    );
  }

  const installmentChoices = installmentsForBrand
    ? installmentSelectOptions(installmentsForBrand.values, amount, i18n, options.showInstallmentAmounts)
    : [];

  return (
    <form
      className="actuate-checkout__card"
      noValidate
      aria-busy={!configured}
      onSubmit={(event) => {
        event.preventDefault();
        void element.submit();
      }}
    >
      {!configured ? <Spinner label={i18n.get('loading')} /> : null}
      <div
        className={
          configured
            ? 'actuate-checkout__card-fields'
            : 'actuate-checkout__card-fields actuate-checkout__card-fields--loading'
        }
      >
        {stored ? (
          <StoredCardSummary
            i18n={i18n}
            brand={options.brand}
            lastFour={options.lastFour}
            expiryMonth={options.expiryMonth}
            expiryYear={options.expiryYear}
          />
        ) : (
          <BrandStrip i18n={i18n} brands={supportedBrands} />
        )}
        {securedField('encryptedCardNumber')}
        {binFacts?.dualBrand ? (
          <fieldset className="actuate-checkout__fieldset actuate-checkout__dual-brand">
            <legend className="actuate-checkout__legend">{i18n.get('creditCard.dualBrand.title')}</legend>
            {binFacts.brands.map((entry) => (
              <label key={entry.brand} className="actuate-checkout__radio">
                <input
                  type="radio"
                  name={`${formId}-brand`}
                  value={entry.brand}
                  checked={brand === entry.brand}
                  onChange={() => {
                    setSelectedBrand(entry.brand);
                    controllerRef.current?.setBrand(
                      entry.brand,
                      entry.cvcPolicy ? { cvcPolicy: entry.cvcPolicy } : {},
                    );
                  }}
                />
                {brandName(entry.brand)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="actuate-checkout__row actuate-checkout__row--50-50">
          {securedField('encryptedExpiryDate')}
          {securedField('encryptedSecurityCode')}
        </div>
        {options.hasHolderName && !stored ? (
          <TextInput
            name="holderName"
            label={i18n.get('creditCard.holderName')}
            placeholder={i18n.get('creditCard.holderName.placeholder')}
            value={holderName}
            optional={!holderNameRequired}
            optionalLabel={i18n.get('field.title.optional')}
            autoComplete="cc-name"
            error={holderNameShown && holderNameError ? i18n.get(holderNameError) : undefined}
            onChange={setHolderName}
            onBlur={(value) => {
              setHolderName(value.trim());
              setHolderNameShown(true);
            }}
            inputRef={(node) => registerFocusable('holderName', node)}
          />
        ) : null}
        {showKorean ? (
          <TextInput
            name="taxNumber"
            label={i18n.get(
              taxNumber.replace(/\D/g, '').length > 6
                ? 'creditCard.taxNumber.labelAlt'
                : 'creditCard.taxNumber',
            )}
            value={taxNumber}
            maxLength={10}
            inputMode="numeric"
            error={taxNumberShown && taxNumberError ? i18n.get(taxNumberError) : undefined}
            format={(value) => value.replace(/\D/g, '')}
            onChange={setTaxNumber}
            onBlur={() => setTaxNumberShown(true)}
            inputRef={(node) => registerFocusable('taxNumber', node)}
          />
        ) : null}
        {showSsn ? (
          <TextInput
            name="socialSecurityNumber"
            label={i18n.get('boleto.socialSecurityNumber')}
            value={ssn}
            maxLength={SOCIAL_SECURITY_NUMBER_MAX_LENGTH}
            inputMode="numeric"
            error={ssnShown && ssnError ? i18n.get(ssnError) : undefined}
            format={formatSocialSecurityNumber}
            onChange={setSsn}
            onBlur={() => setSsnShown(true)}
            inputRef={(node) => registerFocusable('socialSecurityNumber', node)}
          />
        ) : null}
        {installmentsForBrand ? (
          <Installments
            i18n={i18n}
            choices={installmentChoices}
            revolving={!!installmentsForBrand.plans?.includes('revolving')}
            preselected={installmentsForBrand.preselectedValue ?? installmentsForBrand.values[0] ?? 1}
            value={installment}
            onChange={setInstallment}
          />
        ) : null}
        <AddressForm
          i18n={i18n}
          loadingContext={checkout.loadingContext}
          mode={billingAddressMode}
          value={address}
          errors={addressErrors}
          requiredFields={requiredAddressFields}
          {...(options.billingAddressAllowedCountries
            ? { allowedCountries: options.billingAddressAllowedCountries }
            : {})}
          {...(element.callbacks.onAddressLookup
            ? { onAddressLookup: element.callbacks.onAddressLookup }
            : {})}
          {...(element.callbacks.onAddressSelected
            ? { onAddressSelected: element.callbacks.onAddressSelected }
            : {})}
          onChange={(next, errors) => {
            setAddress(next);
            setAddressErrors(errors);
          }}
          registerFocusable={registerFocusable}
        />
        {showStoreDetails ? (
          <Checkbox
            name="storeDetails"
            label={i18n.get('creditCard.storeDetailsButton')}
            checked={storeDetails}
            onChange={setStoreDetails}
          />
        ) : null}
      </div>
      <PayFooter element={element} view={view} label={payButtonLabel(checkout, { storedCard: stored })} />
    </form>
  );
}
