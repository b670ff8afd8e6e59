import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { PayButton, Spinner } from '../base/pay-button.tsx';
import { TextInput } from '../internal/field.tsx';
import { CardsView } from './cards-view.tsx';
import { InfoModal } from './info-modal.tsx';
import { OtpView } from './otp-view.tsx';
import { SrciError } from './scheme-sdks.ts';
import type { ClickToPayService, CtpState } from './service.ts';
import type { ClickToPayCheckoutPayload, ShopperCard } from './shopper-cards.ts';

export interface ClickToPayPanelProps {
  service: ClickToPayService;
  checkout: Checkout;
  status: ElementStatus;
  showPayButton: boolean;
  disableOtpAutoFocus?: boolean | undefined;
  /** Inside the card component: the separator and "manual card entry" button, which show the card form. */
  onShowCardForm?: (() => void) | undefined;
  onCheckout(payload: ClickToPayCheckoutPayload): void;
  onError(error: unknown): void;
}

export function useCtpState(service: ClickToPayService): CtpState {
  return useSyncExternalStore(
    (listener) => service.subscribe(listener),
    () => service.state,
    () => service.state,
  );
}

const errorText = (checkout: Checkout, error: unknown) => {
  const key = `ctp.errors.${error instanceof SrciError ? error.reason : 'UNKNOWN'}`;
  const text = checkout.i18n.get(key);
  return text === key ? checkout.i18n.get('ctp.errors.UNKNOWN') : text;
};

/** The Click to Pay panel: loader, login, one-time code, card list; nothing once NotAvailable. */
export function ClickToPayPanel(props: ClickToPayPanelProps) {
  const { service, checkout, onShowCardForm } = props;
  const { i18n } = checkout;
  const state = useCtpState(service);

  // Shopper found by e-mail: send the code at once; a failure (locked account) logs out to Login.
  useEffect(() => {
    if (state !== 'ShopperIdentified') return;
    service.startIdentityValidation().catch((error: unknown) => {
      console.warn('Click to Pay identity validation failed:', error);
      void service.logout();
    });
  }, [state, service]);

  if (state === 'NotAvailable' || state === 'Idle') return null;

  return (
    <section className="actuate-checkout__ctp" aria-labelledby="actuate-ctp-heading">
      <div className="actuate-checkout__ctp-header">
        <h2 id="actuate-ctp-heading" className="actuate-checkout__ctp-brand">
          Click to Pay
        </h2>
        <InfoModal checkout={checkout} />
      </div>
      {state === 'Loading' || state === 'ShopperIdentified' ? (
        <Spinner label={i18n.get('ctp.loading')} />
      ) : null}
      {state === 'Login' ? <LoginView service={service} checkout={checkout} /> : null}
      {state === 'OneTimePassword' ? (
        <OtpView
          service={service}
          checkout={checkout}
          autoFocus={!props.disableOtpAutoFocus}
          onShowCardForm={() => onShowCardForm?.()}
        />
      ) : null}
      {state === 'Ready' ? <ReadyView {...props} /> : null}
      {state === 'Ready' || state === 'OneTimePassword' ? (
        <button type="button" className="actuate-checkout__link-button" onClick={() => void service.logout()}>
          {i18n.get(state === 'Ready' ? 'ctp.notYourCards' : 'ctp.notYourProfile')}
        </button>
      ) : null}
      {onShowCardForm ? (
        <>
          <p className="actuate-checkout__ctp-separator">{i18n.get('ctp.separatorText')}</p>
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--secondary"
            onClick={onShowCardForm}
          >
            {i18n.get('ctp.manualCardEntry')}
          </button>
        </>
      ) : null}
    </section>
  );
}

/** Card list plus the checkout through the scheme's DCF. */
function ReadyView({ service, checkout, status, showPayButton, onCheckout, onError }: ClickToPayPanelProps) {
  const [pending, setPending] = useState<ShopperCard | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const frame = useRef<HTMLIFrameElement | null>(null);
  // Runs after the render that put Mastercard's DCF iframe in place.
  useEffect(() => {
    if (!pending) return;
    const windowRef = pending.scheme === 'mc' ? (frame.current?.contentWindow ?? undefined) : undefined;
    service
      .checkout(pending, windowRef)
      .then(onCheckout, (error: unknown) => {
        setMessage(errorText(checkout, error));
        onError(error);
      })
      .finally(() => setPending(undefined));
  }, [pending, service, checkout, onCheckout, onError]);
  return (
    <>
      <CardsView
        cards={service.shopperCards}
        checkout={checkout}
        status={pending ? 'loading' : status}
        dcfOpen={pending !== undefined}
        showPayButton={showPayButton}
        dcfFrameRef={(node) => {
          frame.current = node;
        }}
        onPay={(card) => {
          if (pending) return;
          setMessage(undefined);
          setPending(card);
        }}
      />
      {message ? (
        <div className="actuate-checkout__alert" role="alert">
          {message}
        </div>
      ) : null}
    </>
  );
}

function LoginView({ service, checkout }: { service: ClickToPayService; checkout: Checkout }) {
  const { i18n } = checkout;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const submit = async () => {
    if (!email.trim()) {
      setError(i18n.get('ctp.email.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await service.login(email.trim());
    } catch (caught) {
      setError(errorText(checkout, caught));
      setBusy(false);
    }
  };
  return (
    <div className="actuate-checkout__ctp-login">
      <h3 className="actuate-checkout__ctp-title">{i18n.get('ctp.login.title')}</h3>
      <p className="actuate-checkout__ctp-subtitle">{i18n.get('ctp.login.subtitle')}</p>
      <TextInput
        label={i18n.get('ctp.login.inputLabel')}
        name="ctpEmail"
        value={email}
        error={error}
        inputMode="email"
        autoComplete="email"
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
        }}
        inputRef={(node) => {
          input.current = node;
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
