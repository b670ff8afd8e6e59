import { useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { formatSocialSecurityNumber, SOCIAL_SECURITY_NUMBER_MAX_LENGTH } from '../card/validators.ts';
import { AddressForm, errorText } from '../internal/address/address-form.tsx';
import {
  type AddressData,
  type AddressField,
  DEFAULT_REQUIRED_FIELDS,
  type FieldError,
  formatBillingAddress,
  validateAddress,
} from '../internal/address/address-rules.ts';
import { socialSecurityNumberError } from '../internal/brazilian-tax-id.ts';
import { Checkbox } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import {
  FIRST_NAME,
  type FieldValues,
  LAST_NAME,
  SHOPPER_EMAIL,
  shopperNameData,
  useVoucherForm,
  type VoucherField,
} from '../internal/voucher/index.ts';
import type { Boleto } from './boleto.tsx';

const SOCIAL_SECURITY_NUMBER: VoucherField = {
  name: 'socialSecurityNumber',
  label: 'boleto.socialSecurityNumber',
  validate: socialSecurityNumberError,
  format: formatSocialSecurityNumber,
  maxLength: SOCIAL_SECURITY_NUMBER_MAX_LENGTH,
  inputMode: 'numeric',
};

/** Boletos are issued in Brazil only: the address form offers no other country. */
const BRAZIL = ['BR'];
type AddressErrors = Partial<Record<AddressField, FieldError>>;

export function BoletoForm({ element }: { element: Boleto }) {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  const {
    personalDetailsRequired = true,
    billingAddressRequired = true,
    showEmailAddress = true,
  } = element.props;
  const [address, setAddress] = useState<AddressData>({ country: 'BR' });
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [sendCopy, setSendCopy] = useState(false);

  const fields = [
    ...(personalDetailsRequired ? [FIRST_NAME, LAST_NAME, SOCIAL_SECURITY_NUMBER] : []),
    ...(sendCopy ? [SHOPPER_EMAIL] : []),
  ];
  const allAddressErrors: AddressErrors = billingAddressRequired ? validateAddress(address, 'full') : {};
  const toData = (values: FieldValues) => ({
    ...(personalDetailsRequired
      ? {
          ...shopperNameData(values),
          socialSecurityNumber: (values.socialSecurityNumber ?? '').replace(/\D/g, ''),
        }
      : {}),
    ...(billingAddressRequired ? { billingAddress: formatBillingAddress(address, 'full') } : {}),
    ...(sendCopy ? { shopperEmail: (values.shopperEmail ?? '').trim() } : {}),
  });
  const form = useVoucherForm(element, fields, toData, {
    invalidKeys: Object.keys(allAddressErrors).map((field) => `billingAddress.${field}`),
    messages: Object.entries(allAddressErrors).map(
      ([field, error]) => errorText(i18n, i18n.get(field), error) ?? '',
    ),
    showAll: () => setAddressErrors(allAddressErrors),
    reset: () => {
      setAddress({ country: 'BR' });
      setAddressErrors({});
      setSendCopy(false);
    },
  });

  return (
    <div className="actuate-checkout__voucher-form actuate-checkout__boleto">
      <p className="actuate-checkout__voucher-form-description">{i18n.get('boleto.description')}</p>
      {personalDetailsRequired ? (
        <fieldset className="actuate-checkout__fieldset">
          <legend className="actuate-checkout__legend">{i18n.get('personalDetails')}</legend>
          {form.render(fields.filter((field) => field !== SHOPPER_EMAIL))}
        </fieldset>
      ) : null}
      {billingAddressRequired ? (
        <AddressForm
          i18n={i18n}
          loadingContext={element.checkout.loadingContext}
          mode="full"
          value={address}
          errors={addressErrors}
          requiredFields={DEFAULT_REQUIRED_FIELDS}
          allowedCountries={BRAZIL}
          onChange={(next, nextErrors) => {
            setAddress({ ...next, country: 'BR' });
            setAddressErrors(nextErrors);
          }}
          registerFocusable={form.registerFocusable}
        />
      ) : null}
      {showEmailAddress ? (
        <Checkbox
          name="sendCopyToEmail"
          label={i18n.get('boleto.sendCopyToEmail')}
          checked={sendCopy}
          onChange={setSendCopy}
        />
      ) : null}
      {sendCopy ? form.render([SHOPPER_EMAIL]) : null}
      <PayFooter element={element} view={view} label={i18n.get('boleto.generate')} />
    </div>
  );
}
