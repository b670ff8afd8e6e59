/** The sales desk's HTML: sign-in, the list of quotes and one quote with its answer form. */
import { fromMinorUnits } from '@actuate/contracts';
import type { DeskQuote } from './middleware-client.ts';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #ccc;text-align:left}a{color:#0b4f8a}label{display:block;font-weight:600;margin-top:.75rem}input,textarea{font:inherit;padding:.3rem}button{font:inherit;padding:.4rem 1rem;margin-top:.75rem}.error{color:#a00000;border:1px solid #a00000;padding:.5rem}header{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap}.num{text-align:right}:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}';

export function page(title: string, body: string, signedIn = true): string {
  const signOut = signedIn
    ? '<form method="post" action="/sales-desk/sign-out"><button type="submit">Sign out</button></form>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Sales desk</title><style>${STYLE}</style></head><body><header><p><a href="/sales-desk/quotes">Sales desk</a></p>${signOut}</header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const error = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

export function signInPage(message?: string): string {
  return page(
    'Sign in',
    `${error(message)}<form method="post" action="/sales-desk/sign-in"><label for="key">Back-office key</label><input id="key" name="key" type="password" required autocomplete="current-password"><br><button type="submit">Sign in</button></form>`,
    false,
  );
}

const money = (minor: number | null, currency: string) =>
  minor === null ? '—' : `${fromMinorUnits(minor, currency).toFixed(2)} ${escapeHtml(currency)}`;

export function listPage(quotes: DeskQuote[]): string {
  const rows = quotes
    .map(
      (quote) =>
        `<tr><td><a href="/sales-desk/quotes/${encodeURIComponent(quote.id)}">${escapeHtml(quote.id)}</a></td><td>${escapeHtml(quote.buyerName)} (${escapeHtml(quote.companyId)})</td><td>${escapeHtml(quote.status)}</td><td>${escapeHtml(quote.createdAt.slice(0, 10))}</td></tr>`,
    )
    .join('');
  const table = quotes.length
    ? `<table><caption>Newest first</caption><thead><tr><th scope="col">Quote</th><th scope="col">Buyer</th><th scope="col">Status</th><th scope="col">Requested</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No quotes yet.</p>';
  return page('Quotes', table);
}

export function quotePage(quote: DeskQuote, message?: string): string {
  const open = quote.status === 'requested';
  const lines = quote.lines
    .map((line) => {
      const price = open
        ? `<label for="price-${line.lineNo}" class="sr">Unit price of line ${line.lineNo} (${escapeHtml(quote.currency)})</label><input id="price-${line.lineNo}" name="price-${line.lineNo}" inputmode="decimal" required pattern="[0-9]+([.,][0-9]{1,2})?" size="10">`
        : money(line.quotedUnitPrice, quote.currency);
      return `<tr><td>${line.lineNo}</td><td>${escapeHtml(line.name)} (${escapeHtml(line.productId)})</td><td class="num">${line.quantity}</td><td class="num">${money(line.listUnitPrice, quote.currency)}</td><td>${price}</td></tr>`;
    })
    .join('');
  const table = `<table><caption>Lines</caption><thead><tr><th scope="col">Line</th><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Customer price</th><th scope="col">Quoted unit price</th></tr></thead><tbody>${lines}</tbody></table>`;
  const facts = `<dl><dt>Buyer</dt><dd>${escapeHtml(quote.buyerName)} (${escapeHtml(quote.companyId)})</dd><dt>Status</dt><dd>${escapeHtml(quote.status)}</dd><dt>Message</dt><dd>${escapeHtml(quote.message)}</dd>${quote.validUntil ? `<dt>Valid until</dt><dd>${escapeHtml(quote.validUntil)}</dd>` : ''}${quote.sellerNote ? `<dt>Note</dt><dd>${escapeHtml(quote.sellerNote)}</dd>` : ''}${quote.orderId ? `<dt>Cart / order</dt><dd>${escapeHtml(quote.orderId)}</dd>` : ''}</dl>`;
  const action = `/sales-desk/quotes/${encodeURIComponent(quote.id)}`;
  const forms = open
    ? `<form method="post" action="${action}/answer" id="answer">${table}<label for="validUntil">Valid until</label><input id="validUntil" name="validUntil" type="date" required><label for="note">Note to the buyer</label><textarea id="note" name="note" rows="3" cols="50" maxlength="2000"></textarea><br><button type="submit">Send quote</button></form><form method="post" action="${action}/decline"><label for="declineNote">Reason for turning the request down</label><textarea id="declineNote" name="note" rows="2" cols="50" maxlength="2000"></textarea><br><button type="submit">Decline request</button></form>`
    : table;
  return page(`Quote ${quote.id}`, `${error(message)}${facts}${forms}`).replace(
    '</style>',
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style>',
  );
}
