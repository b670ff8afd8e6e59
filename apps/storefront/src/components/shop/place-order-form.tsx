'use client';

import { useState } from 'react';
import { useKeptForm } from '@/components/forms/use-kept-form';
import type { CheckoutState, PendingPaymentReport } from './checkout-actions';
import { GatewayPayment } from './gateway-payment';

export interface PlaceOrderLabels {
  readonly heading: string;
  readonly reference: string;
  readonly referenceHint: string;
  readonly payment: string;
  readonly purchaseOrder: string;
  readonly card: string;
  readonly spendingAccount: string;
  readonly account: string;
  readonly placeOrder: string;
  readonly continueToCard: string;
  readonly placing: string;
  readonly cardLoading: string;
  readonly cardSubmitting: string;
  readonly cardFailed: string;
}

/** Customer reference, payment method and the submit; a refusal is shown as an alert next to the button. */
export function PlaceOrderForm({
  action,
  submitCard,
  locale,
  labels,
  spendingAccounts,
}: {
  action: (previous: CheckoutState, formData: FormData) => Promise<CheckoutState>;
  submitCard: (pending?: PendingPaymentReport) => Promise<CheckoutState>;
  locale: string;
  labels: PlaceOrderLabels;
  spendingAccounts: readonly { id: string; name: string }[];
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const [type, setType] = useState('PurchaseOrder');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section aria-labelledby="place-order-heading" className="rounded-lg border border-line p-4">
      <h2 id="place-order-heading" className="text-xl font-semibold">
        {labels.heading}
      </h2>
      {state.session ? (
        <p className="mt-3 text-sm">
          {labels.card}
          {state.reference ? ` · ${labels.reference}: ${state.reference}` : ''}
        </p>
      ) : null}
      <form {...formProps} className="mt-3 space-y-4" hidden={Boolean(state.session)}>
        <input type="hidden" name="origin" value={origin} />
        <div>
          <label htmlFor="customer-reference" className="block font-medium">
            {labels.reference}
          </label>
          <input
            id="customer-reference"
            name="customerReference"
            maxLength={40}
            defaultValue={state.reference}
            aria-describedby="customer-reference-hint"
            className="field-input"
          />
          <p id="customer-reference-hint" className="mt-1 text-sm text-ink-muted">
            {labels.referenceHint}
          </p>
        </div>
        <fieldset>
          <legend className="font-medium">{labels.payment}</legend>
          <div className="mt-2 space-y-2">
            {[
              ['PurchaseOrder', labels.purchaseOrder],
              ['CreditCard', labels.card],
              ...(spendingAccounts.length > 0 ? [['SpendingAccount', labels.spendingAccount]] : []),
            ].map(([value, label]) => (
              <div key={value}>
                <input
                  type="radio"
                  id={`pay-${value}`}
                  name="paymentType"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value as string)}
                  className="mr-2 h-4 w-4 align-middle accent-brand"
                />
                <label htmlFor={`pay-${value}`} className="align-middle">
                  {label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        {type === 'SpendingAccount' ? (
          <div>
            <label htmlFor="spending-account" className="block font-medium">
              {labels.account}
            </label>
            <select id="spending-account" name="spendingAccountId" className="field-input">
              {spendingAccounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {state.message && state.ok === false ? (
          <p
            role="alert"
            data-testid="checkout-refusal"
            className="rounded-md border border-danger bg-danger-soft px-4 py-3 font-medium text-danger"
          >
            {state.message}
          </p>
        ) : null}
        {!(type === 'CreditCard' && state.session) ? (
          <button type="submit" className="button-primary w-full" disabled={pending}>
            {pending ? labels.placing : type === 'CreditCard' ? labels.continueToCard : labels.placeOrder}
          </button>
        ) : null}
      </form>
      {type === 'CreditCard' && state.session ? (
        <GatewayPayment
          key={state.session.id}
          session={state.session}
          locale={locale}
          submit={submitCard}
          labels={{
            loading: labels.cardLoading,
            submitting: labels.cardSubmitting,
            failed: labels.cardFailed,
          }}
        />
      ) : null}
    </section>
  );
}
