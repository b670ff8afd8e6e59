import { escapeHtml, htmlPage } from '../../shared/html.ts';
import { formatAmount } from '../payments/currencies.ts';
import type { ShopperStep } from '../payments/methods/types.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { ShopperStepChoice } from './actions.ts';

/** The simulator pages allow no script; their styles are inline (the page's own CSP allows just that). */
const STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}form{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font-size:1rem;padding:.5rem 1rem;min-height:44px}.note{color:#555;font-size:.9rem}</style>`;

export const SIMULATOR_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

type PageKind = 'bank' | 'consent' | 'present' | 'app';

const CHOICES: Record<PageKind, { choice: ShopperStepChoice; label: string }[]> = {
  bank: [
    { choice: 'authorise', label: 'Authorise the payment' },
    { choice: 'refuse', label: 'Refuse' },
    { choice: 'cancel', label: 'Cancel and go back' },
    { choice: 'pending', label: 'Leave it pending' },
  ],
  consent: [
    { choice: 'authorise', label: 'Accept the terms and pay' },
    { choice: 'refuse', label: 'Decline (the provider refuses)' },
    { choice: 'cancel', label: 'Cancel and go back' },
  ],
  present: [
    { choice: 'authorise', label: 'Mark the payment received' },
    { choice: 'refuse', label: 'Refuse' },
    { choice: 'expire', label: 'Let it expire unpaid' },
  ],
  app: [
    { choice: 'authorise', label: 'Approve in the app' },
    { choice: 'refuse', label: 'Refuse in the app' },
    { choice: 'expire', label: 'Let it expire' },
  ],
};

/** Which page a step shows: a QR code or an app approval is the shopper's phone. */
const pageKind = (step: ShopperStep): PageKind =>
  step.kind === 'redirect' ? step.page : step.kind === 'present' ? 'present' : 'app';

/** Whether a simulator page offers a choice: the tester cannot post one the page does not show. */
export const pageOffers = (step: ShopperStep, choice: ShopperStepChoice) =>
  CHOICES[pageKind(step)].some((entry) => entry.choice === choice);

function heading(step: ShopperStep): string {
  if (step.kind === 'present') return 'Pending payment (sandbox)';
  if (step.kind !== 'redirect') return 'Your payment app: approve the payment (sandbox)';
  return step.page === 'consent'
    ? `${step.providerName}: confirm your purchase (sandbox)`
    : `${step.providerName}: approve the payment (sandbox)`;
}

/** The simulated bank's, provider's or transfer desk's page for one payment. */
export function shopperStepPage(payment: PaymentRow, step: ShopperStep, actionPath: string): string {
  const rows: [string, string][] = [
    ['Amount', formatAmount(payment.amountValue, payment.currency)],
    ['Merchant reference', payment.merchantReference],
    ['Payment method', payment.paymentMethodType],
    ...(step.kind === 'redirect' && step.issuer ? ([['Issuer', step.issuer]] as [string, string][]) : []),
    ...(step.kind !== 'redirect' && step.expiresAt
      ? ([['Expires at', step.expiresAt]] as [string, string][])
      : []),
    ['Status', payment.resultCode],
  ];
  const open = payment.status === 'authenticating' || payment.status === 'received';
  const choices = CHOICES[pageKind(step)].filter(
    (entry) => !(entry.choice === 'pending' && payment.status === 'received'),
  );
  const form = open
    ? `<form method="POST" action="${escapeHtml(actionPath)}">${choices
        .map(
          (entry) =>
            `<button type="submit" name="outcome" value="${entry.choice}">${escapeHtml(entry.label)}</button>`,
        )
        .join('')}</form>`
    : '<p role="status">This payment is settled.</p>';
  return htmlPage(
    heading(step),
    `<main><h1>${escapeHtml(heading(step))}</h1>
<p class="note">A page of the sandbox payment provider: choose what the ${step.kind === 'present' ? 'bank' : 'shopper'} does. Every outcome sends the webhook a real provider sends.</p>
<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${form}</main>`,
    STYLE,
  );
}

/** After a presented payment's outcome (nobody to send back): what happened. */
export function settledPage(payment: PaymentRow): string {
  return htmlPage(
    'Payment settled (sandbox)',
    `<main><h1>Payment settled (sandbox)</h1><p role="status">Payment ${escapeHtml(payment.pspReference)} is now ${escapeHtml(payment.resultCode)}.</p></main>`,
    STYLE,
  );
}

/** The sandbox's list of payments waiting for a shopper step, each linked to its page. */
export function pendingListPage(entries: { payment: PaymentRow; url: string }[]): string {
  const items = entries.length
    ? `<table><thead><tr><th scope="col">Reference</th><th scope="col">Method</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${entries
        .map(
          ({ payment, url }) =>
            `<tr><td><a href="${escapeHtml(url)}">${escapeHtml(payment.merchantReference)}</a></td><td>${escapeHtml(payment.paymentMethodType)}</td><td>${escapeHtml(formatAmount(payment.amountValue, payment.currency))}</td><td>${escapeHtml(payment.resultCode)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>No payment is waiting.</p>';
  return htmlPage(
    'Pending payments (sandbox)',
    `<main><h1>Pending payments (sandbox)</h1><p class="note">Bank transfers, vouchers, QR codes and app approvals still to be paid, and redirects the shopper left open. Open one to settle it.</p>${items}</main>`,
    STYLE,
  );
}
