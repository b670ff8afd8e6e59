'use client';

import '@actuate/checkout/styles.css';
import {
  Card,
  type ElementState,
  type PaymentResponse,
  paymentMethodCatalogue,
  sandboxSdkUrls,
} from '@actuate/checkout';
import { CheckoutProvider, DropinElement, useCheckout } from '@actuate/checkout/react';
import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import type { PaymentSession } from '@/backend/checkout';
import type { CheckoutState, PendingPaymentReport } from './checkout-actions';
import { siteCheckoutTheme } from './checkout-theme';
import { isPendingResult } from './gateway-outcome';
import { amazonPayUrls } from './payment-return';

export const WIDGET_LOCALES: Record<string, string> = { en: 'en-US', da: 'da-DK', de: 'de-DE' };

/** Where the page keeps the session's public facts for the return from a redirect (same tab only). */
export const RETURN_SESSION_KEY = 'actuate-shop-payment-session';

export interface GatewayPaymentLabels {
  readonly loading: string;
  readonly submitting: string;
  readonly failed: string;
}

/**
 * The embedded payment (`@actuate/checkout` drop-in): the card in the gateway's secured fields and
 * every method the gateway lists for the buyer's country and currency. When the widget reports the
 * payment, authorised or held as pending (a transfer, a direct debit), the server action submits
 * the order; a redirect method and Amazon Pay leave the page and come back to /checkout/return.
 */
export function GatewayPayment({
  session,
  locale,
  submit,
  labels,
}: {
  session: PaymentSession;
  locale: string;
  submit: (pending?: PendingPaymentReport) => Promise<CheckoutState>;
  labels: GatewayPaymentLabels;
}) {
  const [message, setMessage] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    const { id, clientKey, environmentUrl } = session;
    try {
      sessionStorage.setItem(RETURN_SESSION_KEY, JSON.stringify({ id, clientKey, environmentUrl }));
    } catch {
      // Storage refused (private mode): a redirect method then cannot resume here.
    }
  }, [session]);
  const finish = (report?: PendingPaymentReport) =>
    startTransition(async () => {
      const result = await submit(report);
      if (result?.message) setMessage(result.message);
    });
  const options = useMemo(
    () => ({
      clientKey: session.clientKey,
      environmentUrl: session.environmentUrl,
      session: { id: session.id, sessionData: session.sessionData },
      locale: WIDGET_LOCALES[locale] ?? 'en-US',
      theme: siteCheckoutTheme(),
      // The shop pays through the sandbox gateway, so the wallets' SDKs are its simulators.
      sdkUrls: sandboxSdkUrls(session.environmentUrl),
      onPaymentFailed: (result?: { resultCode?: string }) =>
        setMessage(`${labels.failed}${result?.resultCode ? ` (${result.resultCode})` : ''}`),
    }),
    [session, locale, labels.failed],
  );
  return (
    <div className="mt-4" data-testid="gateway-payment">
      <CheckoutProvider options={options as never}>
        <SessionDropin
          sessionId={session.id}
          locale={locale}
          loading={labels.loading}
          onPaid={finish}
          onFailed={() => setMessage(labels.failed)}
        />
      </CheckoutProvider>
      {pending ? (
        <p role="status" className="mt-2 font-medium">
          {labels.submitting}
        </p>
      ) : null}
      {message ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The drop-in on the session. Its payments call goes through `onSubmit` to the session itself so the
 * page sees the answer: a presented action (a bank transfer's instructions) ends the widget's part
 * without a completion callback, yet the order must be placed on it, proven by its sessionResult.
 */
function SessionDropin({
  sessionId,
  locale,
  loading,
  onPaid,
  onFailed,
}: {
  sessionId: string;
  locale: string;
  loading: string;
  onPaid: (pending?: PendingPaymentReport) => void;
  onFailed: () => void;
}) {
  const { checkout } = useCheckout();
  // The latest callbacks, without making a new drop-in on every render.
  const callbacks = useRef({ onPaid, onFailed });
  callbacks.current = { onPaid, onFailed };
  const options = useMemo(
    () => ({
      paymentMethodComponents: [Card, ...paymentMethodCatalogue],
      // The device and browser wallets the buyer's device offers, as buttons above the card form.
      instantPaymentTypes: ['applepay', 'googlepay'],
      paymentMethodsConfiguration: {
        card: { hasHolderName: true },
        // Amazon returns the buyer to the return route, which reviews and pays on this session
        // (the drop-in exists only in the browser, where the page's origin is the shop's own).
        amazonpay:
          typeof window === 'undefined' ? {} : amazonPayUrls(window.location.origin, locale, sessionId),
      },
      onSubmit: (
        state: ElementState,
        _element: unknown,
        actions: { resolve(response: PaymentResponse): void; reject(reason?: unknown): void },
      ) => {
        const paying = checkout?.session;
        if (!paying) {
          actions.reject();
          return;
        }
        paying.submitPayment(state.data).then(
          (response) => {
            actions.resolve(response);
            if (response.action && isPendingResult(response.resultCode) && response.sessionResult) {
              callbacks.current.onPaid({ sessionId, sessionResult: response.sessionResult });
            }
          },
          () => {
            actions.reject();
            callbacks.current.onFailed();
          },
        );
      },
      onPaymentCompleted: (result: PaymentResponse) => {
        if (isPendingResult(result.resultCode) && result.sessionResult) {
          callbacks.current.onPaid({ sessionId, sessionResult: result.sessionResult });
        } else {
          callbacks.current.onPaid();
        }
      },
    }),
    [checkout, sessionId, locale],
  );
  if (!checkout) return <p role="status">{loading}</p>;
  return <DropinElement options={options as never} fallback={<p role="status">{loading}</p>} />;
}
