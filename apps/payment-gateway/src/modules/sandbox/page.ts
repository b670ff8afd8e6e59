import { escapeHtml, htmlPage, scriptJson } from '../../shared/html.ts';
import { CHALLENGE_PASSWORD, TEST_CARDS } from '../cards/test-cards.ts';
import { HOLDER_NAME_TRIGGERS } from '../payments/acquirer.ts';
import { TEST_GIFT_CARDS } from '../payments/methods/gift-card/test-cards.ts';

/** Currencies the page offers (all with two decimals, so the amount field is in cents). */
export const SANDBOX_CURRENCIES = ['EUR', 'USD', 'GBP', 'DKK', 'SEK', 'CHF', 'PLN', 'CZK'] as const;
/** Shopper countries: the methods offered depend on them (iDEAL in NL, EPS in AT, invoice in DE …). */
export const SANDBOX_COUNTRIES = [
  'NL',
  'DE',
  'AT',
  'DK',
  'GB',
  'US',
  'BE',
  'FR',
  'PL',
  'CZ',
  'SK',
  'SE',
  'CH',
] as const;

export interface SandboxPageSettings {
  clientKey: string;
  /** The gateway's client API root as browsers reach it (`PUBLIC_URL`). */
  publicUrl: string;
  /** URLs of the widget's standalone bundle and stylesheet (content-hashed). */
  widgetScript: string;
  widgetCss: string;
  /** The demo merchant's dashboard sign-in, shown only while it is the published demo one. */
  dashboardDemoLogin?: { email: string; password: string } | undefined;
}

/**
 * The sandbox page: the test cards and triggers, and a payment form made with our widget
 * (`@actuate/checkout`, standalone build) in the sessions flow. The page's own server routes play
 * the merchant: they create the demo merchant's session and read its result; the API key never
 * reaches the browser. No inline script or style: the page runs under a strict CSP.
 */
export function sandboxPage(settings: SandboxPageSettings) {
  const cards = TEST_CARDS.map(
    (card) =>
      `<tr><td><code>${escapeHtml(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code></td><td>${escapeHtml(card.brand)}</td><td>${escapeHtml(card.description)}</td><td>03/30</td><td>${escapeHtml(card.securityCode || '—')}</td></tr>`,
  ).join('');
  const money = (amount: { currency: string; value: number }) =>
    `${amount.currency} ${(amount.value / 100).toFixed(2)}`;
  const giftCards = TEST_GIFT_CARDS.map(
    (card) =>
      `<tr><td><code>${escapeHtml(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code></td><td>${escapeHtml(card.issuers.join(', '))}</td><td>${escapeHtml(card.pin)}</td><td>${escapeHtml(money(card.balance))}</td><td>${escapeHtml([card.transactionLimit ? `limit ${money(card.transactionLimit)}` : '', card.expiry ? `expiry ${String(card.expiry.month).padStart(2, '0')}/${card.expiry.year}` : ''].filter(Boolean).join('; ') || '—')}</td></tr>`,
  ).join('');
  const triggers = Object.entries(HOLDER_NAME_TRIGGERS)
    .map(([trigger, code]) => `<code>${escapeHtml(trigger)}</code> (${code})`)
    .join(', ');
  const currencies = SANDBOX_CURRENCIES.map((currency) => `<option>${currency}</option>`).join('');
  const countries = SANDBOX_COUNTRIES.map((country) => `<option>${country}</option>`).join('');
  return htmlPage(
    'Actuate payment gateway — sandbox',
    `<main>
<h1>Actuate payment gateway — sandbox</h1>
<p>A hermetic test payment provider. Nothing here moves real money.</p>
<section>
<h2>Test cards</h2>
<table><thead><tr><th>Number</th><th>Brand</th><th>Behaviour</th><th>Expiry</th><th>Security code</th></tr></thead><tbody>${cards}</tbody></table>
<p>Every payment made with these cards shows up, with its 3-D Secure steps, captures, refunds and webhooks, in the <a href="/dashboard/payments">merchant dashboard</a>${settings.dashboardDemoLogin ? ` (sign in as <code>${escapeHtml(settings.dashboardDemoLogin.email)}</code>, password <code>${escapeHtml(settings.dashboardDemoLogin.password)}</code>)` : ''}.</p>
<p>3-D Secure challenge password: <code>${escapeHtml(CHALLENGE_PASSWORD)}</code> (anything else fails). Any other Luhn-valid number of a known brand is authorised without 3-D Secure.</p>
<p>Holder names that force a result: ${triggers}; also <code>DECLINED : 06 : ERROR</code> (raw scheme response), <code>capture failed</code>, <code>refund failed</code>.</p>
</section>
<section aria-labelledby="gift-heading">
<h2 id="gift-heading">Gift cards and meal vouchers</h2>
<table><thead><tr><th>Number</th><th>Brand or type</th><th>PIN</th><th>Balance</th><th>Notes</th></tr></thead><tbody>${giftCards}</tbody></table>
<p>Balances are fixed. A wrong PIN is refused <code>Invalid Pin</code>; more than the balance is refused <code>Not enough balance</code> unless the payment belongs to an order.</p>
</section>
<section aria-labelledby="try-heading">
<h2 id="try-heading">Try a payment</h2>
<p>With our widget (<code>@actuate/checkout</code>, standalone build) in the sessions flow: this page's server creates a session of the demo merchant <code>ActuateStore</code> for the amount you choose.</p>
<form id="session-form" class="sandbox-settings">
  <label>Amount (minor units) <input id="amount" name="amount" value="1000" inputmode="numeric" pattern="[0-9]+" required></label>
  <label>Currency <select id="currency" name="currency">${currencies}</select></label>
  <label>Shopper country <select id="country" name="country">${countries}</select></label>
  <label class="sandbox-inline"><input id="dropin" name="dropin" type="checkbox"> Drop-in</label>
  <button type="submit" id="start">Start payment</button>
</form>
<div id="checkout" class="sandbox-checkout"></div>
<p>Bank transfers, vouchers and payments left pending at a bank page wait in <a href="/sandbox/pending">the pending payments</a>, where you settle them.</p>
<div id="result" role="status" aria-live="polite"></div>
</section>
</main>
<script id="sandbox-config" type="application/json">${scriptJson({ clientKey: settings.clientKey, environmentUrl: `${settings.publicUrl}/` })}</script>
<script src="${escapeHtml(settings.widgetScript)}" defer></script>
<script src="/sandbox/sandbox.js" defer></script>`,
    `<link rel="stylesheet" href="${escapeHtml(settings.widgetCss)}">
<link rel="stylesheet" href="/sandbox/sandbox.css">`,
  );
}

/** The page's own styles (a file: the CSP allows no inline style). */
export const SANDBOX_CSS = `body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left}
.sandbox-settings{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;margin-bottom:1rem}
.sandbox-settings label{display:flex;flex-direction:column;gap:.25rem}.sandbox-settings .sandbox-inline{flex-direction:row;align-items:center}
input,select,button{font-size:1rem;padding:.3rem}.sandbox-checkout{max-width:28rem}
#result{margin-top:1rem;font-weight:600}#result dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;font-weight:400}
`;

/**
 * The page's script: creates a session through `/sandbox/sessions`, mounts the widget's Card (or
 * Drop-in) on it and shows the result with the pspReference the page's server reads from the session.
 * A shopper coming back to the return URL (`?sessionId=&redirectResult=`) gets the redirect finished.
 */
export const SANDBOX_SCRIPT = `(() => {
  const config = JSON.parse(document.getElementById('sandbox-config').textContent);
  const { createCheckout, Card, Dropin, paymentMethodCatalogue } = window.ActuateCheckout;
  const form = document.getElementById('session-form');
  const result = document.getElementById('result');
  let checkout;
  let element;
  const show = (lines) => {
    result.replaceChildren();
    for (const [label, value] of lines) {
      const row = document.createElement('p');
      row.textContent = label + ': ' + value;
      row.dataset.field = label;
      result.appendChild(row);
      if (label === 'pspReference') {
        const link = document.createElement('a');
        link.href = '/dashboard/payments/' + encodeURIComponent(value);
        link.textContent = 'Open this payment in the merchant dashboard';
        result.appendChild(link);
      }
    }
  };
  const json = async (response) => {
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.message || 'HTTP ' + response.status);
    return body;
  };
  async function finish(sessionId, answer) {
    const lines = [['Result', answer ? answer.resultCode : 'Error']];
    if (answer && answer.sessionResult) {
      try {
        const status = await fetch('/sandbox/sessions/' + encodeURIComponent(sessionId) + '/result?sessionResult=' + encodeURIComponent(answer.sessionResult)).then(json);
        if (status.pspReference) lines.push(['pspReference', status.pspReference]);
        lines.push(['Session', status.status]);
      } catch (error) {
        lines.push(['Session', 'unknown (' + error.message + ')']);
      }
    }
    show(lines);
    form.querySelector('#start').disabled = false;
  }
  async function start(session) {
    if (element) element.unmount();
    if (checkout) checkout.destroy();
    checkout = await createCheckout({
      clientKey: config.clientKey,
      environmentUrl: config.environmentUrl,
      session,
      onPaymentCompleted: (answer) => finish(session.id, answer),
      onPaymentFailed: (answer) => finish(session.id, answer),
      onError: (error) => { show([['Error', error.message]]); form.querySelector('#start').disabled = false; },
    });
    return checkout;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    result.replaceChildren();
    form.querySelector('#start').disabled = true;
    try {
      const amount = { value: Number(form.amount.value), currency: form.currency.value };
      const countryCode = form.country.value;
      const session = await fetch('/sandbox/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, countryCode }) }).then(json);
      await start({ id: session.id, sessionData: session.sessionData });
      const card = { hasHolderName: true, holderNameRequired: false };
      element = form.dropin.checked
        ? new Dropin(checkout, { paymentMethodComponents: [Card, ...paymentMethodCatalogue], paymentMethodsConfiguration: { card } })
        : new Card(checkout, card);
      window.sandboxElement = element;
      element.mount('#checkout');
    } catch (error) {
      show([['Error', error.message]]);
      form.querySelector('#start').disabled = false;
    }
  });
  const params = new URLSearchParams(location.search);
  if (params.get('sessionId') && params.get('redirectResult')) {
    history.replaceState(null, '', location.pathname);
    start({ id: params.get('sessionId') })
      .then((created) => created.submitDetails({ details: { redirectResult: params.get('redirectResult') } }))
      .catch((error) => show([['Error', error.message]]));
  }
})();
`;
