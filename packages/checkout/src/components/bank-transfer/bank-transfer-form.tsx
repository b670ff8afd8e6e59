import { useEffect, useRef, useState } from 'react';
import { useViewState } from '../base/element-root.tsx';
import { StatusMessage } from '../base/pay-button.tsx';
import { Checkbox, TextInput } from '../internal/field.tsx';
import { BANK_TRANSFER_TYPE, type BankTransfer } from './bank-transfer.tsx';
import { emailError } from './validate.ts';

/** An optional copy of the bank details by e-mail, then Continue. */
export function BankTransferForm({ element }: { element: BankTransfer }) {
  const view = useViewState(element);
  const { checkout } = element;
  const { i18n } = checkout;
  const [sendCopy, setSendCopy] = useState(false);
  const [email, setEmail] = useState('');
  const [emailShown, setEmailShown] = useState(false);
  const emailInput = useRef<HTMLInputElement | null>(null);
  const error = emailError(sendCopy, email);
  const showToggle = element.props.showEmailAddress !== false;

  const report = (nextSendCopy: boolean, nextEmail: string) => {
    const nextError = emailError(nextSendCopy, nextEmail);
    element.setState({
      data: {
        paymentMethod: { type: BANK_TRANSFER_TYPE },
        ...(nextSendCopy ? { shopperEmail: nextEmail.trim() } : {}),
      },
      isValid: !nextError,
      ...(nextError ? { errors: { shopperEmail: nextError } } : {}),
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0 || !error) return;
    setEmailShown(true);
    checkout.liveRegion.announce(i18n.get(error));
    emailInput.current?.focus();
  }, [view.validationRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setSendCopy(false);
    setEmail('');
    setEmailShown(false);
    report(false, '');
  }, [view.resetRequest]);

  return (
    <form
      className="actuate-checkout__bank-transfer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (view.status !== 'loading') void element.submit();
      }}
    >
      <p className="actuate-checkout__bank-transfer-introduction">{i18n.get('bankTransfer.introduction')}</p>
      {showToggle ? (
        <Checkbox
          name="sendCopyToEmail"
          label={i18n.get('bankTransfer.sendCopy')}
          checked={sendCopy}
          onChange={(checked) => {
            setSendCopy(checked);
            report(checked, email);
          }}
        />
      ) : null}
      {showToggle && sendCopy ? (
        <TextInput
          name="shopperEmail"
          label={i18n.get('bankTransfer.shopperEmail')}
          value={email}
          inputMode="email"
          autoComplete="email"
          maxLength={320}
          error={emailShown && error ? i18n.get(error) : undefined}
          inputRef={(node) => {
            emailInput.current = node;
          }}
          onChange={(value) => {
            setEmail(value);
            report(sendCopy, value);
          }}
          onBlur={() => setEmailShown(true)}
        />
      ) : null}
      <StatusMessage message={view.message} />
      {element.props.showPayButton !== false ? (
        <button
          type="submit"
          className={`actuate-checkout__button actuate-checkout__button--pay${view.status === 'loading' ? ' actuate-checkout__button--loading' : ''}`}
          aria-disabled={view.status === 'loading'}
        >
          {i18n.get('bankTransfer.continue')}
        </button>
      ) : null}
    </form>
  );
}
