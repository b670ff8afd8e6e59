import { useEffect, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { TextInput } from '../internal/field.tsx';
import { IbanInput } from '../internal/iban-input/iban-input.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import type { SepaDirectDebit } from './sepa.tsx';
import { validateSepa } from './validate.ts';

/** The SEPA form: owner name (unless switched off) and IBAN; errors show on blur or showValidation. */
export function SepaForm({ element }: { element: SepaDirectDebit }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const options = element.props;
  const hasOwnerName = options.hasHolderName !== false;
  const ownerNameRequired = hasOwnerName && options.holderNameRequired !== false;
  const [ownerName, setOwnerName] = useState(options.data?.ownerName ?? '');
  const [iban, setIban] = useState(options.data?.iban ?? '');
  const [shown, setShown] = useState({ ownerName: false, iban: false });
  const inputs = useRef<{ ownerName?: HTMLInputElement | null; iban?: HTMLInputElement | null }>({});

  const result = validateSepa({ ownerName, iban }, { ownerNameRequired });
  const isValid = Object.keys(result.errors).length === 0;

  useEffect(() => {
    element.setState({
      isValid,
      data: {
        paymentMethod: {
          type: 'sepadirectdebit',
          iban: result.iban,
          ownerName: ownerName.trim(),
        },
      },
      errors: { ownerName: result.errors.ownerName ?? null, iban: result.errors.iban ?? null },
    });
  }, [element, isValid, result.iban, ownerName, result.errors.ownerName, result.errors.iban]);

  // reset(): empty fields, hidden errors.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setOwnerName('');
    setIban('');
    setShown({ ownerName: false, iban: false });
  }, [view.resetRequest]);

  // showValidation(): every error shows, is announced, and the first invalid field gets focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    setShown({ ownerName: true, iban: true });
    const messages: string[] = [];
    if (result.errors.ownerName)
      messages.push(`${i18n.get('sepa.ownerName')}: ${i18n.get(result.errors.ownerName)}`);
    if (result.errors.iban) messages.push(`${i18n.get('sepa.ibanNumber')}: ${i18n.get(result.errors.iban)}`);
    checkout.liveRegion.announce(messages);
    (result.errors.ownerName
      ? inputs.current.ownerName
      : result.errors.iban
        ? inputs.current.iban
        : null
    )?.focus();
  }, [view.validationRequest]);

  // A wrong IBAN shows at once once it is as long as its country's IBANs; a short one only on blur.
  const ibanError =
    result.errors.iban && (shown.iban || !result.incomplete) ? i18n.get(result.errors.iban) : undefined;

  return (
    <form
      className="actuate-checkout__sepa"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void element.submit();
      }}
    >
      {hasOwnerName ? (
        <TextInput
          name="ownerName"
          label={i18n.get('sepa.ownerName')}
          placeholder={i18n.get('sepa.ownerName.placeholder')}
          value={ownerName}
          optional={!ownerNameRequired}
          optionalLabel={i18n.get('field.title.optional')}
          autoComplete="name"
          error={shown.ownerName && result.errors.ownerName ? i18n.get(result.errors.ownerName) : undefined}
          onChange={setOwnerName}
          onBlur={() => setShown((current) => ({ ...current, ownerName: true }))}
          inputRef={(node) => {
            inputs.current.ownerName = node;
          }}
        />
      ) : null}
      <IbanInput
        label={i18n.get('sepa.ibanNumber')}
        placeholder="NL00 BANK 0123 4567 89"
        value={iban}
        error={ibanError}
        onChange={setIban}
        onBlur={() => setShown((current) => ({ ...current, iban: true }))}
        inputRef={(node) => {
          inputs.current.iban = node;
        }}
      />
      <p className="actuate-checkout__hint">{i18n.get('sepa.mandate')}</p>
      <PayFooter element={element} view={view} />
    </form>
  );
}
