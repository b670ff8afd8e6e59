import { escapeHtml, htmlPage, scriptJson } from '../../shared/html.ts';
import { CHALLENGE_PASSWORD, TEST_CARDS } from '../cards/test-cards.ts';
import { HOLDER_NAME_TRIGGERS } from '../payments/acquirer.ts';

/**
 * The sandbox page: the test cards and triggers, and a form to try a payment. Until the widget
 * (packages/checkout, issue 7) exists, a minimal inline script plays the widget's part: it mounts the
 * secured-field frames, collects their encrypted blobs and runs the session calls and 3DS2 steps.
 */
export function sandboxPage(settings: { clientKey: string; publicUrl: string }) {
  const cards = TEST_CARDS.map(
    (card) =>
      `<tr><td><code>${escapeHtml(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code></td><td>${escapeHtml(card.brand)}</td><td>${escapeHtml(card.description)}</td><td>03/30</td><td>${escapeHtml(card.securityCode || '—')}</td></tr>`,
  ).join('');
  const triggers = Object.entries(HOLDER_NAME_TRIGGERS)
    .map(([trigger, code]) => `<code>${escapeHtml(trigger)}</code> (${code})`)
    .join(', ');
  return htmlPage(
    'Actuate payment gateway — sandbox',
    `<main>
<h1>Actuate payment gateway — sandbox</h1>
<p>A hermetic test payment provider. Nothing here moves real money.</p>
<section>
<h2>Try a card payment</h2>
<form id="pay" autocomplete="on">
  <label>Amount (minor units) <input id="amount" name="amount" value="1000" inputmode="numeric"></label>
  <label>Currency <input id="currency" name="currency" value="EUR" maxlength="3"></label>
  <label>Card number <span class="sf" data-field="encryptedCardNumber"></span></label>
  <label>Expiry date <span class="sf" data-field="encryptedExpiryDate"></span></label>
  <label>Security code <span class="sf" data-field="encryptedSecurityCode"></span></label>
  <label>Holder name <input id="holderName" name="holderName" autocomplete="cc-name" value="John Smith"></label>
  <button type="submit" id="payButton">Pay</button>
</form>
<div id="threeds"></div>
<p id="result" role="status"></p>
</section>
<section>
<h2>Test cards</h2>
<table><thead><tr><th>Number</th><th>Brand</th><th>Behaviour</th><th>Expiry</th><th>Security code</th></tr></thead><tbody>${cards}</tbody></table>
<p>3-D Secure challenge password: <code>${escapeHtml(CHALLENGE_PASSWORD)}</code> (anything else fails). Any other Luhn-valid number of a known brand is authorised without 3-D Secure.</p>
<p>Holder names that force a result: ${triggers}; also <code>DECLINED : 06 : ERROR</code> (raw scheme response), <code>capture failed</code>, <code>refund failed</code>.</p>
</section>
</main>
<script>window.SANDBOX = ${scriptJson(settings)};</script>
<script src="/sandbox/sandbox.js" defer></script>`,
    `<style>
body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin:.5rem 0}.sf{display:block;height:2.2rem;border:1px solid #888;border-radius:4px;max-width:20rem}
.sf iframe{border:0;width:100%;height:100%}input{font-size:1rem;padding:.3rem}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left}
#threeds iframe{border:1px solid #888;width:390px;height:400px}
</style>`,
  );
}

/** The sandbox page's script: the parent side of the frame protocol (packages/checkout/src/secured-fields/README.md). */
export const SANDBOX_SCRIPT = `(() => {
  const { clientKey, publicUrl } = window.SANDBOX;
  const gatewayOrigin = new URL(publicUrl).origin === location.origin ? location.origin : new URL(publicUrl).origin;
  const api = (path) => gatewayOrigin + path + (path.includes('?') ? '&' : '?') + 'clientKey=' + encodeURIComponent(clientKey);
  const post = async (path, body) => {
    const response = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await response.json();
    if (!response.ok) throw new Error(json.message || 'request failed');
    return json;
  };
  const blobs = {};
  const frames = [];
  let brand;
  for (const holder of document.querySelectorAll('.sf')) {
    const fieldType = holder.dataset.field;
    const numKey = crypto.getRandomValues(new Uint32Array(2)).join('');
    const iframe = document.createElement('iframe');
    iframe.title = fieldType;
    iframe.src = gatewayOrigin + '/securedfields/' + clientKey + '/1.0.0/securedFields.html?type=card&d=' + btoa(location.origin);
    iframe.addEventListener('load', () => iframe.contentWindow.postMessage(JSON.stringify({ action: 'config', numKey, fieldType }), gatewayOrigin));
    holder.appendChild(iframe);
    frames.push({ fieldType, numKey, iframe });
  }
  window.addEventListener('message', (event) => {
    if (event.origin !== gatewayOrigin || typeof event.data !== 'string') return;
    let message; try { message = JSON.parse(event.data); } catch { return; }
    if (message.type) return; // 3DS2 results are handled by their own listeners
    const frame = frames.find((candidate) => candidate.numKey === message.numKey && candidate.iframe.contentWindow === event.source);
    if (!frame) return;
    if (message.action === 'encryption') for (const item of message.encrypted) blobs[item.type] = item.blob;
    if (message.action === 'encryption' && message.brand) brand = message.brand;
    if (message.action === 'validation' && message.revoked) {
      if (frame.fieldType === 'encryptedExpiryDate') { delete blobs.encryptedExpiryMonth; delete blobs.encryptedExpiryYear; }
      else delete blobs[frame.fieldType];
    }
    if (message.action === 'brand') {
      for (const other of frames) if (other.fieldType !== 'encryptedCardNumber') other.iframe.contentWindow.postMessage(JSON.stringify({ action: 'brand', numKey: other.numKey, brand: message.brand, cvcPolicy: message.cvcPolicy, expiryDatePolicy: message.expiryDatePolicy }), gatewayOrigin);
    }
  });
  const result = document.getElementById('result');
  const show = (text) => { result.textContent = text; };
  const waitForMessage = (type, timeout) => new Promise((resolve) => {
    const timer = setTimeout(() => { window.removeEventListener('message', listener); resolve(undefined); }, timeout);
    const listener = (event) => {
      if (event.origin !== gatewayOrigin || typeof event.data !== 'string') return;
      let message; try { message = JSON.parse(event.data); } catch { return; }
      if (message.type !== type) return;
      clearTimeout(timer); window.removeEventListener('message', listener); resolve(message.result);
    };
    window.addEventListener('message', listener);
  });
  const b64url = (value) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
  const postInFrame = (url, field, value, visible) => {
    const container = document.getElementById('threeds');
    container.innerHTML = '';
    const name = 'threeds-' + Date.now();
    const iframe = document.createElement('iframe'); iframe.name = name; iframe.title = '3-D Secure';
    if (!visible) iframe.style.display = 'none';
    container.appendChild(iframe);
    const form = document.createElement('form'); form.method = 'POST'; form.action = url; form.target = name;
    const input = document.createElement('input'); input.type = 'hidden'; input.name = field; input.value = value;
    form.appendChild(input); container.appendChild(form); form.submit();
  };
  async function handleAction(session, action) {
    if (action.subtype === 'fingerprint') {
      const token = JSON.parse(atob(action.token));
      const resultPromise = waitForMessage('fingerPrintResult', 10000);
      postInFrame(token.threeDSMethodUrl, 'threeDSMethodData', b64url({ threeDSServerTransID: token.threeDSServerTransID, threeDSMethodNotificationURL: token.threeDSMethodNotificationURL }), false);
      const fingerprint = (await resultPromise) || { threeDSCompInd: 'N' };
      const answer = await post('/v1/submitThreeDS2Fingerprint', { fingerprintResult: btoa(JSON.stringify(fingerprint)), paymentData: action.paymentData });
      if (answer.type === 'completed') return post('/v1/sessions/' + session.id + '/paymentDetails', { sessionData: session.sessionData, details: answer.details });
      return handleAction(session, answer.action);
    }
    const token = JSON.parse(atob(action.token));
    const resultPromise = waitForMessage('challengeResult', 600000);
    postInFrame(token.acsURL, 'creq', b64url({ acsTransID: token.acsTransID, messageVersion: token.messageVersion, threeDSServerTransID: token.threeDSServerTransID, messageType: 'CReq', challengeWindowSize: '02' }), true);
    const challenge = (await resultPromise) || { transStatus: 'U' };
    document.getElementById('threeds').innerHTML = '';
    const threeDSResult = btoa(JSON.stringify({ transStatus: challenge.transStatus, authorisationToken: action.authorisationToken }));
    return post('/v1/sessions/' + session.id + '/paymentDetails', { sessionData: session.sessionData, details: { threeDSResult } });
  }
  document.getElementById('pay').addEventListener('submit', async (event) => {
    event.preventDefault();
    show('Paying…');
    try {
      if (!blobs.encryptedCardNumber) throw new Error('Enter a valid card number.');
      const amount = { value: Number(document.getElementById('amount').value), currency: document.getElementById('currency').value.toUpperCase() };
      const created = await fetch('/sandbox/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount }) }).then((response) => response.json());
      if (!created.id) throw new Error(created.message || 'session not created');
      const session = { id: created.id, sessionData: created.sessionData };
      let answer = await post('/v1/sessions/' + session.id + '/payments', {
        sessionData: session.sessionData,
        paymentMethod: { type: 'scheme', holderName: document.getElementById('holderName').value, ...blobs, ...(brand ? { brand } : {}) },
        browserInfo: { userAgent: navigator.userAgent, language: navigator.language, colorDepth: screen.colorDepth, screenHeight: screen.height, screenWidth: screen.width, timeZoneOffset: new Date().getTimezoneOffset(), javaEnabled: false },
        origin: location.origin,
        authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
      });
      session.sessionData = answer.sessionData;
      if (answer.action) answer = await handleAction(session, answer.action);
      show('Result: ' + answer.resultCode);
    } catch (error) {
      show('Error: ' + error.message);
    }
  });
})();`;
