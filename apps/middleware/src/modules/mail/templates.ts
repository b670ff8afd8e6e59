/**
 * The mails as plain functions: each builds a list of blocks in the reader's language, and one
 * layout renders the blocks as HTML (every value escaped) and as plain text.
 */
import { INTL_LOCALE, type MailLocale, WORDS } from './texts.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailAddress {
  CompanyName?: string | null | undefined;
  FirstName?: string | null | undefined;
  LastName?: string | null | undefined;
  Street1?: string | null | undefined;
  Street2?: string | null | undefined;
  Zip?: string | null | undefined;
  City?: string | null | undefined;
  Country?: string | null | undefined;
}

export interface OrderSummary {
  id: string;
  currency: string;
  lines: { name: string; productId: string; quantity: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  shipTo?: MailAddress | undefined;
  billTo?: MailAddress | undefined;
}

/** What a mail is made of; every mail file builds a list of these and `render` lays them out. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  /** Label–value rows (a tracking number, an invoice's amount…). */
  | { kind: 'details'; rows: [string, string][] }
  | { kind: 'order'; order: OrderSummary };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every value that goes into the HTML passes here. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '');

const money = (locale: MailLocale, currency: string, amount: number) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(amount);

/** An amount in the currency's minor units (the ERP's), as the reader writes it. */
export function minorMoney(locale: MailLocale, currency: string, minorUnits: number): string {
  const format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency });
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A date (an ISO date or date-time) as the reader writes it, e.g. 3. marts 2027; the text itself when unreadable. */
export function longDate(locale: MailLocale, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

const addressLines = (address: MailAddress): string[] =>
  [
    address.CompanyName,
    [address.FirstName, address.LastName].filter(Boolean).join(' '),
    address.Street1,
    address.Street2,
    [address.Zip, address.City].filter(Boolean).join(' '),
    address.Country,
  ].filter((line): line is string => Boolean(line));

function orderRows(locale: MailLocale, order: OrderSummary): [string, string][] {
  const words = WORDS[locale].order;
  const format = (amount: number) => money(locale, order.currency, amount);
  return [
    [words.subtotal, format(order.subtotal)],
    ...(order.discount ? ([[words.discount, format(-order.discount)]] as [string, string][]) : []),
    [words.shipping, format(order.shipping)],
    [words.tax, format(order.tax)],
    [words.total, format(order.total)],
  ];
}

function orderHtml(locale: MailLocale, order: OrderSummary): string {
  const words = WORDS[locale].order;
  const format = (amount: number) => escapeHtml(money(locale, order.currency, amount));
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const lines = order.lines
    .map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.name)}<br><small>${escapeHtml(line.productId)}</small></td>` +
        `<td ${right}>${escapeHtml(String(line.quantity))}</td><td ${right}>${format(line.unitPrice)}</td>` +
        `<td ${right}>${format(line.lineTotal)}</td></tr>`,
    )
    .join('');
  const totals = orderRows(locale, order)
    .map(
      ([label, value]) =>
        `<tr><td colspan="3" ${right}>${escapeHtml(label)}</td><td ${right}>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const address = (label: string, value: MailAddress | undefined) =>
    value
      ? `<p><strong>${escapeHtml(label)}</strong><br>${addressLines(value).map(escapeHtml).join('<br>')}</p>`
      : '';
  return (
    `<table style="border-collapse:collapse;width:100%"><thead><tr>` +
    `<th ${cell}>${escapeHtml(words.product)}</th><th ${right}>${escapeHtml(words.quantity)}</th>` +
    `<th ${right}>${escapeHtml(words.unitPrice)}</th><th ${right}>${escapeHtml(words.lineTotal)}</th>` +
    `</tr></thead><tbody>${lines}${totals}</tbody></table>` +
    address(words.shipTo, order.shipTo) +
    address(words.billTo, order.billTo)
  );
}

function orderText(locale: MailLocale, order: OrderSummary): string {
  const words = WORDS[locale].order;
  const format = (amount: number) => money(locale, order.currency, amount);
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name} (${line.productId})  ${format(line.unitPrice)}  = ${format(line.lineTotal)}`,
  );
  const totals = orderRows(locale, order).map(([label, value]) => `${label}: ${value}`);
  const address = (label: string, value: MailAddress | undefined) =>
    value ? [`${label}:`, ...addressLines(value).map((line) => `  ${line}`)] : [];
  return [
    ...lines,
    '',
    ...totals,
    '',
    ...address(words.shipTo, order.shipTo),
    ...address(words.billTo, order.billTo),
  ]
    .join('\n')
    .trim();
}

const detailsHtml = (rows: [string, string][]) =>
  `<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="padding:2px 12px 2px 0;text-align:left">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

/** The one layout of every mail: greeting, blocks, signature; as HTML (values escaped) and as text. */
export function render(locale: MailLocale, subject: string, name: string, blocks: Block[]): RenderedMail {
  const words = WORDS[locale];
  const htmlBlocks = blocks.map((block) => {
    if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
    if (block.kind === 'action') {
      return `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>`;
    }
    if (block.kind === 'details') return detailsHtml(block.rows);
    return orderHtml(locale, block.order);
  });
  const textBlocks = blocks.map((block) => {
    if (block.kind === 'paragraph') return block.text;
    if (block.kind === 'action') return `${block.label}: ${block.url}`;
    if (block.kind === 'details') return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    return orderText(locale, block.order);
  });
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">` +
    `<p>${escapeHtml(words.greeting(name))}</p>${htmlBlocks.join('')}` +
    `<p>${words.signature.split('\n').map(escapeHtml).join('<br>')}</p>` +
    `<p style="color:#666;font-size:12px">${escapeHtml(words.automatic)}</p></body></html>`;
  const text = [words.greeting(name), ...textBlocks, words.signature, `-- \n${words.automatic}`].join('\n\n');
  return { subject, html, text };
}

export function orderConfirmationMail(
  locale: MailLocale,
  input: { name: string; order: OrderSummary; orderUrl: string; awaitingApproval: boolean },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.orderConfirmation.subject(input.order.id), input.name, [
    { kind: 'paragraph', text: words.orderConfirmation.intro },
    ...(input.awaitingApproval
      ? [{ kind: 'paragraph' as const, text: words.orderConfirmation.awaitingApproval }]
      : []),
    { kind: 'order', order: input.order },
    { kind: 'action', label: words.order.viewOrder, url: input.orderUrl },
  ]);
}

export function approvalRequestedMail(
  locale: MailLocale,
  input: { name: string; buyerName: string; order: OrderSummary; approvalsUrl: string },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.approvalRequested.subject(input.order.id), input.name, [
    { kind: 'paragraph', text: words.approvalRequested.intro(input.buyerName) },
    { kind: 'order', order: input.order },
    { kind: 'action', label: words.approvalRequested.action, url: input.approvalsUrl },
  ]);
}

export function orderApprovedMail(
  locale: MailLocale,
  input: { name: string; orderId: string; orderUrl: string },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.orderApproved.subject(input.orderId), input.name, [
    { kind: 'paragraph', text: words.orderApproved.intro },
    { kind: 'action', label: words.order.viewOrder, url: input.orderUrl },
  ]);
}

export function orderDeclinedMail(
  locale: MailLocale,
  input: { name: string; orderId: string; orderUrl: string; comment?: string | undefined },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.orderDeclined.subject(input.orderId), input.name, [
    { kind: 'paragraph', text: words.orderDeclined.intro },
    ...(input.comment
      ? [{ kind: 'paragraph' as const, text: `${words.orderDeclined.comment}: ${input.comment}` }]
      : []),
    { kind: 'action', label: words.order.viewOrder, url: input.orderUrl },
  ]);
}

export function passwordResetMail(
  locale: MailLocale,
  input: { name: string; resetUrl: string; expiresInMinutes: number },
): RenderedMail {
  const words = WORDS[locale].passwordReset;
  return render(locale, words.subject, input.name, [
    { kind: 'paragraph', text: words.intro },
    { kind: 'action', label: words.action, url: input.resetUrl },
    { kind: 'paragraph', text: words.expiry(input.expiresInMinutes) },
    { kind: 'paragraph', text: words.ignore },
  ]);
}

/** OrderCloud's NewUserInvitation: a buyer admin created the account; the link sets its first password. */
export function invitationMail(
  locale: MailLocale,
  input: { name: string; setPasswordUrl: string; username: string; expiresInDays: number },
): RenderedMail {
  const words = WORDS[locale].invitation;
  return render(locale, words.subject, input.name, [
    { kind: 'paragraph', text: words.intro },
    { kind: 'action', label: words.action, url: input.setPasswordUrl },
    { kind: 'paragraph', text: words.expiry(input.expiresInDays) },
    { kind: 'paragraph', text: words.signIn(input.username) },
  ]);
}
