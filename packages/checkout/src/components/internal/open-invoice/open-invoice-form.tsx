import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useViewState } from '../../base/element-root.tsx';
import { AddressForm } from '../address/address-form.tsx';
import {
  type AddressData,
  type AddressField,
  DEFAULT_REQUIRED_FIELDS,
  type FieldError,
  formatBillingAddress,
  validateAddress,
} from '../address/address-rules.ts';
import { Checkbox } from '../field.tsx';
import { PayFooter } from '../pay-footer.tsx';
import type { OpenInvoiceElement } from './open-invoice-element.tsx';
import type { OpenInvoiceData } from './options.ts';
import {
  BankAccountSection,
  CompanySection,
  ConsentCheckbox,
  hasNativeDateInput,
  PersonalSection,
  ReadOnlySection,
} from './sections.tsx';
import {
  type BankAccount,
  bankAccountErrors,
  type CompanyDetails,
  companyErrors,
  groupIban,
  type PersonalDetails,
  type PersonalField,
  personalDetailsErrors,
  validIban,
} from './validate.ts';

type AddressErrors = Partial<Record<AddressField, FieldError>>;

const addressLines = (address: AddressData | undefined) =>
  address
    ? [
        [address.street, address.houseNumberOrName].filter(Boolean).join(' '),
        [address.postalCode, address.city].filter(Boolean).join(' '),
        address.country ?? '',
      ]
    : [];

interface FormValues {
  personal: PersonalDetails;
  company: CompanyDetails;
  bank: BankAccount;
  billing: AddressData;
  delivery: AddressData;
  separateDelivery: boolean;
}

function initialValues(data: OpenInvoiceData | undefined, country: string): FormValues {
  return {
    personal: { ...data?.personalDetails },
    company: { ...data?.companyDetails },
    bank: { ...data?.bankAccount },
    billing: { country, ...data?.billingAddress },
    delivery: { country, ...data?.deliveryAddress },
    separateDelivery: !!data?.deliveryAddress,
  };
}

/** The shared open-invoice form: sections by visibility, errors on blur and on submit, state to the element. */
export function OpenInvoiceForm({ element }: { element: OpenInvoiceElement }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const options = element.props;
  const defaults = element.formDefaults;
  const visibility = element.visibility;
  const country = (
    options.countryCode ??
    checkout.countryCode ??
    defaults.billingCountries?.[0] ??
    ''
  ).toUpperCase();
  const [values, setValues] = useState(() => initialValues(options.data, country));
  const [consent, setConsent] = useState(false);
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [billingErrors, setBillingErrors] = useState<AddressErrors>({});
  const [deliveryErrors, setDeliveryErrors] = useState<AddressErrors>({});
  const nativeDate = useMemo(() => hasNativeDateInput(), []);
  const focusables = useRef<Record<string, HTMLElement | null>>({});
  const register = useCallback((key: string, node: HTMLElement | null) => {
    focusables.current[key] = node;
  }, []);
  const billingCountries = useMemo(
    () => (defaults.billingCountries ? [...defaults.billingCountries] : undefined),
    [defaults.billingCountries],
  );
  const deliveryCountries = useMemo(
    () => (defaults.deliveryCountries ? [...defaults.deliveryCountries] : undefined),
    [defaults.deliveryCountries],
  );

  // update({ data }) or reset(): start again from the merchant's data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to those requests only.
  useEffect(() => {
    if (view.revision === 0 && view.resetRequest === 0) return;
    setValues(initialValues(options.data, country));
    setConsent(false);
    setShown(new Set());
    setBillingErrors({});
    setDeliveryErrors({});
  }, [view.revision, view.resetRequest]);

  const visible = (section: keyof typeof visibility) => visibility[section] !== 'hidden';
  const editable = (section: keyof typeof visibility) => visibility[section] === 'editable';
  const personalFields = element.personalFields;
  const showDelivery = visibility.deliveryAddress === 'editable' && values.separateDelivery;

  const errors = {
    personal: visible('personalDetails') ? personalDetailsErrors(personalFields, values.personal) : {},
    company: visible('companyDetails') ? companyErrors(values.company) : {},
    bank: visible('bankAccount') ? bankAccountErrors(values.bank) : {},
    billing: visible('billingAddress') ? validateAddress(values.billing, 'full') : {},
    delivery: showDelivery ? validateAddress(values.delivery, 'full') : {},
    consent: defaults.consent && !consent ? 'consent.checkbox.invalid' : undefined,
  };
  const isValid =
    Object.keys(errors.personal).length === 0 &&
    Object.keys(errors.company).length === 0 &&
    Object.keys(errors.bank).length === 0 &&
    Object.keys(errors.billing).length === 0 &&
    Object.keys(errors.delivery).length === 0 &&
    !errors.consent;

  // What each section sends: what is in the form, or the merchant's data for a hidden section.
  useEffect(() => {
    const shownSection = (section: keyof typeof visibility) => visibility[section] !== 'hidden';
    const source = <K extends keyof FormValues>(section: keyof typeof visibility, key: K, data: unknown) =>
      shownSection(section) ? values[key] : data;
    const personal = source('personalDetails', 'personal', options.data?.personalDetails) as
      | PersonalDetails
      | undefined;
    const company = source('companyDetails', 'company', options.data?.companyDetails) as
      | OpenInvoiceData['companyDetails']
      | undefined;
    const bank = source('bankAccount', 'bank', options.data?.bankAccount) as OpenInvoiceData['bankAccount'];
    const billing = source('billingAddress', 'billing', options.data?.billingAddress) as
      | AddressData
      | undefined;
    const separate =
      visibility.deliveryAddress === 'editable'
        ? values.separateDelivery && values.delivery
        : options.data?.deliveryAddress;
    const billingAddress = billing ? formatBillingAddress(billing, 'full') : undefined;
    const deliveryAddress = separate ? formatBillingAddress(separate as AddressData, 'full') : billingAddress;
    const has = (field: PersonalField) =>
      (shownSection('personalDetails') ? personalFields.includes(field) : true) && !!personal?.[field];
    const iban = validIban(bank?.iban);
    element.setState({
      isValid,
      data: {
        paymentMethod: { type: element.txVariant },
        ...(personal && (has('firstName') || has('lastName') || has('gender'))
          ? {
              shopperName: {
                firstName: personal.firstName?.trim() ?? '',
                lastName: personal.lastName?.trim() ?? '',
                ...(has('gender') ? { gender: personal.gender } : {}),
              },
            }
          : {}),
        ...(has('dateOfBirth') ? { dateOfBirth: personal?.dateOfBirth } : {}),
        ...(has('shopperEmail') ? { shopperEmail: personal?.shopperEmail?.trim() } : {}),
        ...(has('telephoneNumber') ? { telephoneNumber: personal?.telephoneNumber?.trim() } : {}),
        ...(company?.name
          ? {
              company: {
                name: company.name.trim(),
                registrationNumber: company.registrationNumber?.trim() ?? '',
              },
            }
          : {}),
        ...(bank && iban
          ? { bankAccount: { iban, ownerName: bank.ownerName?.trim() ?? '', countryCode: iban.slice(0, 2) } }
          : {}),
        ...(billingAddress ? { billingAddress } : {}),
        ...(deliveryAddress ? { deliveryAddress } : {}),
      },
    });
  }, [element, isValid, values, options.data, visibility, personalFields]);

  // showValidation(): every error becomes visible, is announced, and the first one gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    const invalid: [string, string][] = [
      ...Object.entries(errors.company).map(
        ([field, key]) => [`companyDetails.${field}`, key] as [string, string],
      ),
      ...personalFields
        .filter((field) => errors.personal[field])
        .map((field) => [`personalDetails.${field}`, errors.personal[field]!] as [string, string]),
      ...Object.entries(errors.bank).map(([field, key]) => [`bankAccount.${field}`, key] as [string, string]),
      ...Object.entries(errors.billing).map(
        ([field, error]) => [`billingAddress.${field}`, error!.key] as [string, string],
      ),
      ...Object.entries(errors.delivery).map(
        ([field, error]) => [`deliveryAddress.${field}`, error!.key] as [string, string],
      ),
      ...(errors.consent ? [['consentCheckbox', errors.consent] as [string, string]] : []),
    ];
    setShown(new Set(invalid.map(([key]) => key)));
    if (editable('billingAddress')) setBillingErrors(errors.billing);
    if (showDelivery) setDeliveryErrors(errors.delivery);
    checkout.liveRegion.announce(invalid.map(([, key]) => i18n.get(key, { label: '' })));
    const first = invalid.find(([key]) => focusables.current[key]);
    if (first) focusables.current[first[0]]?.focus();
  }, [view.validationRequest]);

  const show = (key: string) => setShown((previous) => new Set(previous).add(key));
  const visibleError = (key: string, error: string | undefined) => (shown.has(key) ? error : undefined);
  const pick = (prefix: string, all: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries(all).map(([field, error]) => [field, visibleError(`${prefix}.${field}`, error)]),
    );

  const consentCountry = (values.billing.country || country).toUpperCase();
  const language = i18n.locale.slice(0, 2);
  const p = values.personal;

  return (
    <form className="actuate-checkout__open-invoice" noValidate onSubmit={(event) => event.preventDefault()}>
      {defaults.introKey ? (
        <p className="actuate-checkout__intro">{i18n.get(defaults.introKey, defaults.introValues)}</p>
      ) : null}
      {visibility.companyDetails === 'editable' ? (
        <CompanySection
          i18n={i18n}
          value={values.company}
          errors={pick('companyDetails', errors.company)}
          onChange={(field, text) => setValues((v) => ({ ...v, company: { ...v.company, [field]: text } }))}
          onBlur={(field) => show(`companyDetails.${field}`)}
          register={register}
        />
      ) : visibility.companyDetails === 'readOnly' ? (
        <ReadOnlySection
          i18n={i18n}
          legend={i18n.get('companyDetails')}
          lines={[values.company.name ?? '', values.company.registrationNumber ?? '']}
        />
      ) : null}
      {visibility.personalDetails === 'editable' ? (
        <PersonalSection
          i18n={i18n}
          fields={personalFields}
          value={values.personal}
          errors={pick('personalDetails', errors.personal)}
          nativeDate={nativeDate}
          onChange={(field, text) => {
            setValues((v) => ({ ...v, personal: { ...v.personal, [field]: text } }));
            if (field === 'gender') show('personalDetails.gender');
          }}
          onBlur={(field) => show(`personalDetails.${field}`)}
          register={register}
        />
      ) : visibility.personalDetails === 'readOnly' ? (
        <ReadOnlySection
          i18n={i18n}
          legend={i18n.get('personalDetails')}
          lines={[
            [p.firstName, p.lastName].filter(Boolean).join(' '),
            p.gender ? i18n.get(p.gender === 'MALE' ? 'gender.male' : 'gender.female') : '',
            p.dateOfBirth ?? '',
            p.shopperEmail ?? '',
            p.telephoneNumber ?? '',
          ]}
        />
      ) : null}
      {visibility.bankAccount === 'editable' ? (
        <BankAccountSection
          i18n={i18n}
          value={values.bank}
          errors={pick('bankAccount', errors.bank)}
          onChange={(field, text) => setValues((v) => ({ ...v, bank: { ...v.bank, [field]: text } }))}
          onBlur={(field) => show(`bankAccount.${field}`)}
          register={register}
        />
      ) : visibility.bankAccount === 'readOnly' ? (
        <ReadOnlySection
          i18n={i18n}
          legend={i18n.get('bankAccount')}
          lines={[values.bank.ownerName ?? '', groupIban(values.bank.iban ?? '')]}
        />
      ) : null}
      {visibility.billingAddress === 'editable' ? (
        <AddressForm
          i18n={i18n}
          loadingContext={checkout.loadingContext}
          mode="full"
          value={values.billing}
          errors={billingErrors}
          requiredFields={DEFAULT_REQUIRED_FIELDS}
          {...(billingCountries ? { allowedCountries: billingCountries } : {})}
          onChange={(next, nextErrors) => {
            setValues((v) => ({ ...v, billing: next }));
            setBillingErrors(nextErrors);
          }}
          registerFocusable={register}
        />
      ) : visibility.billingAddress === 'readOnly' ? (
        <ReadOnlySection
          i18n={i18n}
          legend={i18n.get('billingAddress')}
          lines={addressLines(values.billing)}
        />
      ) : null}
      {visibility.deliveryAddress === 'editable' ? (
        <>
          <Checkbox
            name="separateDeliveryAddress"
            label={i18n.get('openInvoice.separateDeliveryAddress')}
            checked={values.separateDelivery}
            onChange={(checked) => setValues((v) => ({ ...v, separateDelivery: checked }))}
          />
          {values.separateDelivery ? (
            <AddressForm
              i18n={i18n}
              loadingContext={checkout.loadingContext}
              mode="full"
              legend={i18n.get('deliveryAddress')}
              focusPrefix="deliveryAddress"
              value={values.delivery}
              errors={deliveryErrors}
              requiredFields={DEFAULT_REQUIRED_FIELDS}
              {...(deliveryCountries ? { allowedCountries: deliveryCountries } : {})}
              onChange={(next, nextErrors) => {
                setValues((v) => ({ ...v, delivery: next }));
                setDeliveryErrors(nextErrors);
              }}
              registerFocusable={register}
            />
          ) : null}
        </>
      ) : visibility.deliveryAddress === 'readOnly' && options.data?.deliveryAddress ? (
        <ReadOnlySection
          i18n={i18n}
          legend={i18n.get('deliveryAddress')}
          lines={addressLines(options.data.deliveryAddress)}
        />
      ) : null}
      {defaults.consent ? (
        <ConsentCheckbox
          i18n={i18n}
          provider={defaults.consent.provider}
          url={defaults.consent.url(consentCountry, language)}
          checked={consent}
          error={visibleError('consentCheckbox', errors.consent)}
          onChange={(checked) => {
            setConsent(checked);
            show('consentCheckbox');
          }}
          register={register}
        />
      ) : null}
      <PayFooter element={element} view={view} />
    </form>
  );
}
