import { useEffect, useMemo, useRef, useState } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import { PayButton } from '../base/pay-button.tsx';
import { Checkbox, TextInput } from '../internal/field.tsx';
import { ResendCountdown, type ResendState } from './resend-countdown.ts';
import { SrciError } from './scheme-sdks.ts';
import type { ClickToPayService } from './service.ts';

/** One-time code: the code field, resend (confirmation, then countdown), remember-me, continue. */
export function OtpView({
  service,
  checkout,
  autoFocus,
  onShowCardForm,
}: {
  service: ClickToPayService;
  checkout: Checkout;
  autoFocus: boolean;
  onShowCardForm(): void;
}) {
  const { i18n } = checkout;
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [hideResend, setHideResend] = useState(false);
  const [resend, setResend] = useState<ResendState>({ phase: 'idle' });
  const [remember, setRemember] = useState(service.storeCookies);
  const countdown = useMemo(() => new ResendCountdown(setResend), []);
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => () => countdown.stop(), [countdown]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const showError = (caught: unknown) => {
    const reason = caught instanceof SrciError ? caught.reason : 'UNKNOWN';
    const key = `ctp.errors.${reason}`;
    const text = i18n.get(key);
    setError(text === key ? i18n.get('ctp.errors.UNKNOWN') : text);
    // A locked account cannot get a code: no resend, the card form instead.
    if (reason === 'ACCT_INACCESSIBLE') {
      setHideResend(true);
      onShowCardForm();
    }
  };

  const submit = async () => {
    if (!otp.trim()) {
      setError(i18n.get('ctp.otp.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await service.finishIdentityValidation(otp.trim());
    } catch (caught) {
      showError(caught);
      setBusy(false);
    }
  };

  const resendCode = async () => {
    if (!countdown.canResend) return;
    setError(undefined);
    setOtp('');
    try {
      await service.startIdentityValidation();
      countdown.start();
      checkout.liveRegion.announce(i18n.get('ctp.otp.codeResent'));
    } catch (caught) {
      showError(caught);
    }
  };

  const contact = service.identityValidation;
  return (
    <div className="actuate-checkout__ctp-otp">
      <h3 className="actuate-checkout__ctp-title">{i18n.get('ctp.otp.title')}</h3>
      <p className="actuate-checkout__ctp-subtitle">
        {i18n.get('ctp.otp.subtitle', {
          network: contact?.network ?? '',
          contact: contact?.maskedContact ?? '',
        })}
      </p>
      <TextInput
        label={i18n.get('ctp.otp.fieldLabel')}
        name="ctpOtp"
        value={otp}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        format={(value) => value.replace(/\D/g, '')}
        onChange={(value) => {
          setOtp(value);
          setError(undefined);
        }}
        inputRef={(node) => {
          input.current = node;
        }}
      />
      {hideResend ? null : (
        <div className="actuate-checkout__ctp-resend" aria-live="polite">
          {resend.phase === 'idle' ? (
            <button type="button" className="actuate-checkout__link-button" onClick={() => void resendCode()}>
              {i18n.get('ctp.otp.resendCode')}
            </button>
          ) : resend.phase === 'confirmation' ? (
            <span>{i18n.get('ctp.otp.codeResent')}</span>
          ) : (
            <button type="button" className="actuate-checkout__link-button" disabled aria-disabled="true">
              {i18n.get('ctp.otp.resendIn', { seconds: resend.seconds })}
            </button>
          )}
        </div>
      )}
      <Checkbox
        name="ctpRememberMe"
        label={i18n.get('ctp.otp.saveCookiesCheckbox.label')}
        checked={remember}
        onChange={(checked) => {
          setRemember(checked);
          service.storeCookies = checked;
        }}
      />
      <PayButton
        label={i18n.get('ctp.continue')}
        status={busy ? 'loading' : 'ready'}
        onClick={() => void submit()}
      />
    </div>
  );
}
