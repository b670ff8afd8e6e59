'use client';

import '@actuate/checkout/styles.css';
import { CardElement, CheckoutProvider } from '@actuate/checkout/react';
import { useMemo, useState, useTransition } from 'react';
import type { PaymentSession } from '@/backend/checkout';
import type { CheckoutState } from './checkout-actions';
import { siteCheckoutTheme } from './checkout-theme';

/**
 * The embedded card payment (`@actuate/checkout`): the gateway's secured fields and, when the issuer
 * asks, the 3-D Secure 2 challenge. When the widget reports the payment, the order is submitted by
 * the server action (which waits for the gateway's authorisation to reach the platform).
 */
export function CardPayment({
  session,
  locale,
  submit,
  labels,
}: {
  session: PaymentSession;
  locale: string;
  submit: () => Promise<CheckoutState>;
  labels: { loading: string; submitting: string; failed: string };
}) {
  const [message, setMessage] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  const options = useMemo(
    () => ({
      clientKey: session.clientKey,
      environmentUrl: session.environmentUrl,
      session: { id: session.id, sessionData: session.sessionData },
      locale: { en: 'en-US', da: 'da-DK', de: 'de-DE' }[locale] ?? 'en-US',
      theme: siteCheckoutTheme(),
      onPaymentCompleted: () => {
        startTransition(async () => {
          const result = await submit();
          if (result?.message) setMessage(result.message);
        });
      },
      onPaymentFailed: (result?: { resultCode?: string }) =>
        setMessage(`${labels.failed}${result?.resultCode ? ` (${result.resultCode})` : ''}`),
    }),
    [session, locale, submit, labels.failed],
  );
  return (
    <div className="mt-4" data-testid="card-payment">
      <CheckoutProvider options={options as never}>
        <CardElement options={{ hasHolderName: true }} fallback={<p role="status">{labels.loading}</p>} />
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
