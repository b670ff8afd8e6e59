'use client';

import '@actuate/checkout/styles.css';
import { type PaymentResponse, sandboxSdkUrls } from '@actuate/checkout';
import { CheckoutProvider, useCheckout } from '@actuate/checkout/react';
import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { Link } from '@/i18n/link';
import { AmazonPayReview, type AmazonPayReviewLabels } from './amazonpay-review';
import type { CheckoutState, PendingPaymentReport } from './checkout-actions';
import { siteCheckoutTheme } from './checkout-theme';
import { isPendingResult } from './gateway-outcome';
import { RETURN_SESSION_KEY, WIDGET_LOCALES } from './gateway-payment';
import type { PaymentReturn } from './payment-return';

interface StoredSession {
  id: string;
  clientKey: string;
  environmentUrl: string;
}

function storedSession(sessionId: string): StoredSession | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(RETURN_SESSION_KEY) ?? 'null') as StoredSession | null;
    return stored && stored.id === sessionId ? stored : undefined;
  } catch {
    return undefined;
  }
}

export interface RedirectReturnLabels {
  checking: string;
  submitting: string;
  failed: string;
  lost: string;
  back: string;
  amazonPay: AmazonPayReviewLabels;
}

/**
 * Back from a redirect method (a bank's or provider's page) or from Amazon Pay: the checkout is made
 * again on the same session. A redirect's `redirectResult` is submitted as details; Amazon's session
 * is reviewed and paid (AmazonPayReview). The answer (authorised, or pending) submits the order as the
 * checkout page would; a refusal offers the way back to the checkout (and, for Amazon Pay, another
 * instrument).
 */
export function RedirectReturn({
  resume,
  locale,
  submit,
  labels,
}: {
  resume: PaymentReturn;
  locale: string;
  submit: (pending?: PendingPaymentReport) => Promise<CheckoutState>;
  labels: RedirectReturnLabels;
}) {
  const { sessionId } = resume;
  const [stored, setStored] = useState<StoredSession | null | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>();
  const [refused, setRefused] = useState(false);
  const [submitting, startTransition] = useTransition();
  useEffect(() => setStored(storedSession(sessionId) ?? null), [sessionId]);
  const options = useMemo(
    () =>
      stored
        ? {
            clientKey: stored.clientKey,
            environmentUrl: stored.environmentUrl,
            session: { id: stored.id },
            locale: WIDGET_LOCALES[locale] ?? 'en-US',
            theme: siteCheckoutTheme(),
            // Amazon Pay's script, from the gateway's simulator as on the checkout page.
            sdkUrls: sandboxSdkUrls(stored.environmentUrl),
            onPaymentCompleted: (result: PaymentResponse) =>
              startTransition(async () => {
                setMessage(undefined);
                const report =
                  isPendingResult(result.resultCode) && result.sessionResult
                    ? { sessionId, sessionResult: result.sessionResult }
                    : undefined;
                const answer = await submit(report);
                if (answer?.message) setMessage(answer.message);
              }),
            onPaymentFailed: (result?: PaymentResponse) => {
              setRefused(result?.resultCode === 'Refused');
              setMessage(`${labels.failed}${result?.resultCode ? ` (${result.resultCode})` : ''}`);
            },
            onError: () => setMessage(labels.failed),
          }
        : undefined,
    [stored, locale, sessionId, submit, labels.failed],
  );
  const lost = stored === null;
  return (
    <div data-testid="redirect-return">
      {options ? (
        <CheckoutProvider options={options as never}>
          {resume.kind === 'amazonpay' ? (
            <AmazonPayReview
              amazonCheckoutSessionId={resume.amazonCheckoutSessionId}
              locale={locale}
              refused={refused}
              busy={submitting}
              labels={labels.amazonPay}
            />
          ) : (
            <SubmitRedirectResult redirectResult={resume.redirectResult} />
          )}
        </CheckoutProvider>
      ) : null}
      {message || lost ? (
        <div
          role="alert"
          className="mt-4 rounded-md border border-danger bg-danger-soft px-4 py-3 text-danger"
        >
          <p className="font-medium">{message ?? labels.lost}</p>
          <Link href="/checkout" className="mt-2 inline-block underline">
            {labels.back}
          </Link>
        </div>
      ) : submitting || resume.kind === 'redirect' ? (
        <p role="status" className="mt-4 font-medium">
          {submitting ? labels.submitting : labels.checking}
        </p>
      ) : null}
    </div>
  );
}

/** Submits the redirect's result once, as soon as the checkout exists. */
function SubmitRedirectResult({ redirectResult }: { redirectResult: string }) {
  const { checkout } = useCheckout();
  const sent = useRef(false);
  useEffect(() => {
    if (!checkout || sent.current) return;
    sent.current = true;
    void checkout.submitDetails({ details: { redirectResult } });
  }, [checkout, redirectResult]);
  return null;
}
