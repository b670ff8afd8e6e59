'use client';

import { type AmazonPay, formatAmount, paymentMethodCatalogue } from '@actuate/checkout';
import { PaymentElementView, useCheckout } from '@actuate/checkout/react';
import { useEffect, useId, useState } from 'react';
import { WIDGET_LOCALES } from './gateway-payment';
import { shopperSummary } from './payment-return';

export interface AmazonPayReviewLabels {
  title: string;
  amount: string;
  instrument: string;
  account: string;
  pay: string;
  paying: string;
  anotherInstrument: string;
}

/** Amazon Pay's component class, from the widget's catalogue (it loads on demand, as in the drop-in). */
async function loadAmazonPay() {
  const lazy = paymentMethodCatalogue.find((candidate) => candidate.txVariants.includes('amazonpay'));
  if (!lazy) throw new Error('The widget has no Amazon Pay component');
  const loaded = await lazy.load();
  return 'default' in loaded ? loaded.default : loaded;
}

/**
 * The review step after Amazon Pay returned the buyer (the drop-in's ProcessOrder mode): the amount,
 * Amazon's instrument and account, the component with the session id (its Change payment details
 * button), and Pay, which submits the payment on the session. After a refusal the buyer picks another
 * instrument at Amazon (the component's decline flow), which returns here.
 */
export function AmazonPayReview({
  amazonCheckoutSessionId,
  locale,
  refused,
  busy,
  labels,
}: {
  amazonCheckoutSessionId: string;
  locale: string;
  refused: boolean;
  busy: boolean;
  labels: AmazonPayReviewLabels;
}) {
  const { checkout } = useCheckout();
  const [element, setElement] = useState<AmazonPay>();
  const [summary, setSummary] = useState<{ instrument?: string; email?: string }>({});
  const [paying, setPaying] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (!checkout) return;
    let live = true;
    let created: AmazonPay | undefined;
    void loadAmazonPay().then((AmazonPayComponent) => {
      if (!live) return;
      const entry = checkout.paymentMethodsResponse.paymentMethods?.find(
        (method) => method.type === 'amazonpay',
      );
      created = new AmazonPayComponent(checkout, {
        ...entry,
        amazonCheckoutSessionId,
        // The shop's Pay button pays; Amazon already confirmed the session (ProcessOrder).
        showOrderButton: false,
        showChangePaymentDetailsButton: true,
      }) as AmazonPay;
      setElement(created);
      created.getShopperDetails().then(
        (details) => live && setSummary(shopperSummary(details)),
        () => undefined,
      );
    });
    return () => {
      live = false;
      created?.remove();
    };
  }, [checkout, amazonCheckoutSessionId]);

  // A refusal or an error ends this attempt: the buyer may pay again.
  useEffect(() => {
    if (refused) setPaying(false);
  }, [refused]);

  const amount = checkout?.amount;
  const working = paying || busy;
  return (
    <section
      aria-labelledby={titleId}
      className="mt-4 rounded-md border border-line p-4"
      data-testid="amazonpay-review"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {labels.title}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {amount ? (
          <>
            <dt className="font-medium">{labels.amount}</dt>
            <dd data-testid="amazonpay-amount">{formatAmount(amount, WIDGET_LOCALES[locale] ?? 'en-US')}</dd>
          </>
        ) : null}
        {summary.instrument ? (
          <>
            <dt className="font-medium">{labels.instrument}</dt>
            <dd>{summary.instrument}</dd>
          </>
        ) : null}
        {summary.email ? (
          <>
            <dt className="font-medium">{labels.account}</dt>
            <dd className="break-all">{summary.email}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3">
        <PaymentElementView element={element} />
      </div>
      {element ? (
        refused ? (
          <button
            type="button"
            className="button-primary mt-3 w-full sm:w-auto"
            onClick={() => element.handleDeclineFlow()}
          >
            {labels.anotherInstrument}
          </button>
        ) : (
          <button
            type="button"
            className="button-primary mt-3 w-full sm:w-auto"
            aria-disabled={working}
            onClick={() => {
              if (working) return;
              setPaying(true);
              void element.submit();
            }}
          >
            {working ? labels.paying : labels.pay}
          </button>
        )
      ) : null}
    </section>
  );
}
