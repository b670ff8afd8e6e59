import { useEffect, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { formatSocialSecurityNumber, SOCIAL_SECURITY_NUMBER_MAX_LENGTH } from '../card/validators.ts';
import { TextInput } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import type { Pix } from './pix.tsx';
import { type PixValues, validatePix } from './validate.ts';

type FieldName = keyof PixValues;
const FIELDS: { name: FieldName; label: string; autoComplete: string; numeric?: boolean }[] = [
  { name: 'firstName', label: 'pix.firstName', autoComplete: 'given-name' },
  { name: 'lastName', label: 'pix.lastName', autoComplete: 'family-name' },
  { name: 'socialSecurityNumber', label: 'pix.socialSecurityNumber', autoComplete: 'off', numeric: true },
];
const NONE_SHOWN: Record<FieldName, boolean> = {
  firstName: false,
  lastName: false,
  socialSecurityNumber: false,
};

/** Pix's form: names and CPF/CNPJ (unless switched off), errors on blur, then the QR button. */
export function PixForm({ element }: { element: Pix }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const withDetails = element.personalDetailsRequired;
  const initial = element.props.data ?? {};
  const [values, setValues] = useState<PixValues>({
    firstName: initial.firstName ?? '',
    lastName: initial.lastName ?? '',
    socialSecurityNumber: formatSocialSecurityNumber(initial.socialSecurityNumber ?? ''),
  });
  const [shown, setShown] = useState(NONE_SHOWN);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const errors = withDetails ? validatePix(values) : {};
  const isValid = Object.keys(errors).length === 0;

  useEffect(() => {
    element.setState({
      isValid,
      data: withDetails
        ? {
            shopperName: { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
            socialSecurityNumber: values.socialSecurityNumber.replace(/\D/g, ''),
          }
        : {},
    });
  }, [element, isValid, withDetails, values]);

  useEffect(() => {
    if (view.resetRequest === 0) return;
    setValues({ firstName: '', lastName: '', socialSecurityNumber: '' });
    setShown(NONE_SHOWN);
  }, [view.resetRequest]);

  // showValidation(): every error shows, is announced, and the first invalid field gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    setShown({ firstName: true, lastName: true, socialSecurityNumber: true });
    const invalid = FIELDS.filter((field) => errors[field.name]);
    checkout.liveRegion.announce(
      invalid.map((field) => `${i18n.get(field.label)}: ${i18n.get(errors[field.name] ?? '')}`),
    );
    const first = invalid[0];
    if (first) inputs.current[first.name]?.focus();
  }, [view.validationRequest]);

  return (
    <form
      className="actuate-checkout__pix"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void element.submit();
      }}
    >
      {withDetails
        ? FIELDS.map((field) => {
            const error = errors[field.name];
            return (
              <TextInput
                key={field.name}
                name={field.name}
                label={i18n.get(field.label)}
                value={values[field.name]}
                autoComplete={field.autoComplete}
                {...(field.numeric
                  ? {
                      inputMode: 'numeric' as const,
                      maxLength: SOCIAL_SECURITY_NUMBER_MAX_LENGTH,
                      format: formatSocialSecurityNumber,
                    }
                  : {})}
                error={shown[field.name] && error ? i18n.get(error) : undefined}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                onBlur={() => setShown((current) => ({ ...current, [field.name]: true }))}
                inputRef={(node) => {
                  inputs.current[field.name] = node;
                }}
              />
            );
          })
        : null}
      <PayFooter element={element} view={view} label={i18n.get('pix.generateQrCode')} />
    </form>
  );
}
