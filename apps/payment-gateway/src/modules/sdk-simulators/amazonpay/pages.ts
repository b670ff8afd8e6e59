import { escapeHtml, htmlPage } from '../../../shared/html.ts';
import { formatAmount } from '../../payments/currencies.ts';
import type { AmazonCheckoutSession } from './checkout-sessions.ts';
import { TEST_INSTRUMENTS } from './test-data.ts';

/** Inline styles only: the pages run no script (the shopper-step pages' CSP). */
const STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}form{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}
fieldset{border:1px solid #888;padding:.5rem 1rem}.actions{display:flex;gap:.5rem;flex-wrap:wrap}
button{font-size:1rem;padding:.5rem 1rem;min-height:44px}.note{color:#555;font-size:.9rem}</style>`;

function summary(session: AmazonCheckoutSession): string {
  const rows: [string, string][] = [
    ['Amount', session.amount ? formatAmount(session.amount.value, session.amount.currency) : '—'],
    ['Payment', session.instrument?.paymentDescriptor ?? '—'],
  ];
  if (session.address)
    rows.push([
      'Deliver to',
      `${session.address.name}, ${session.address.addressLine1}, ${session.address.postalCode} ${session.address.city}, ${session.address.countryCode}`,
    ]);
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

/** Amazon's confirm step after updateCheckoutSession: the buyer confirms or cancels. */
export function confirmPage(session: AmazonCheckoutSession, action: string): string {
  return htmlPage(
    'Amazon Pay (sandbox): confirm your payment',
    `<main><h1>Amazon Pay (sandbox): confirm your payment</h1>
${summary(session)}
<form method="POST" action="${escapeHtml(action)}"><div class="actions">
<button type="submit" name="choice" value="confirm">Confirm payment</button>
<button type="submit" name="choice" value="cancel">Cancel</button></div></form>
<p class="note">The merchant's page authorises the payment when you return.</p></main>`,
    STYLE,
  );
}

/** The decline flow: the first instrument was refused; the buyer picks another one. */
export function declinePage(session: AmazonCheckoutSession, action: string): string {
  const options = TEST_INSTRUMENTS.map(
    (instrument, index) =>
      `<label><input type="radio" name="instrumentId" value="${escapeHtml(instrument.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(instrument.paymentDescriptor)}</label>`,
  ).join('');
  return htmlPage(
    'Amazon Pay (sandbox): choose another payment method',
    `<main><h1>Amazon Pay (sandbox): choose another payment method</h1>
<p role="alert">Your payment with ${escapeHtml(session.instrument?.paymentDescriptor ?? 'that payment method')} was declined.</p>
${summary(session)}
<form method="POST" action="${escapeHtml(action)}"><fieldset><legend>Pay with</legend>${options}</fieldset>
<div class="actions"><button type="submit">Continue</button></div></form></main>`,
    STYLE,
  );
}

export function goneSessionPage(): string {
  return htmlPage(
    'Amazon Pay (sandbox)',
    `<main><h1>Amazon Pay (sandbox)</h1><p>This checkout session does not exist, has expired or is not at this step.</p></main>`,
    STYLE,
  );
}
