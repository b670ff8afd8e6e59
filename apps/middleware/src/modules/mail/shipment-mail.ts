/** "Your order has shipped": one mail per ERP shipment, with the carrier's tracking link. */
import { type Block, longDate, type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface ShipmentMailInput {
  name: string;
  orderId: string;
  /** The ERP's order number, when known. */
  orderNumber?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  /** Only an http(s) link reaches the mail. */
  trackingUrl?: string | undefined;
  shippedAt?: string | undefined;
  /** True when this shipment completes the order. */
  complete: boolean;
  orderUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (id: string) => string;
    partial: string;
    complete: string;
    carrier: string;
    trackingNumber: string;
    shippedAt: string;
    orderNumber: string;
    track: string;
    viewOrder: string;
  }
> = {
  en: {
    subject: (id) => `Order ${id} has shipped`,
    partial: 'Part of your order is on its way; the rest follows in another shipment.',
    complete: 'Your order is on its way.',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    shippedAt: 'Shipped',
    orderNumber: 'Order number',
    track: 'Track the shipment',
    viewOrder: 'View the order',
  },
  da: {
    subject: (id) => `Ordre ${id} er afsendt`,
    partial: 'En del af din ordre er på vej; resten følger i en senere forsendelse.',
    complete: 'Din ordre er på vej.',
    carrier: 'Transportør',
    trackingNumber: 'Sporingsnummer',
    shippedAt: 'Afsendt',
    orderNumber: 'Ordrenummer',
    track: 'Følg forsendelsen',
    viewOrder: 'Se ordren',
  },
  de: {
    subject: (id) => `Bestellung ${id} wurde versandt`,
    partial: 'Ein Teil Ihrer Bestellung ist unterwegs; der Rest folgt in einer weiteren Sendung.',
    complete: 'Ihre Bestellung ist unterwegs.',
    carrier: 'Versanddienstleister',
    trackingNumber: 'Sendungsnummer',
    shippedAt: 'Versandt am',
    orderNumber: 'Auftragsnummer',
    track: 'Sendung verfolgen',
    viewOrder: 'Bestellung ansehen',
  },
};

export function shipmentMail(locale: MailLocale, input: ShipmentMailInput): RenderedMail {
  const words = WORDS[locale];
  const rows: [string, string][] = [];
  if (input.orderNumber) rows.push([words.orderNumber, input.orderNumber]);
  if (input.carrier) rows.push([words.carrier, input.carrier]);
  if (input.trackingNumber) rows.push([words.trackingNumber, input.trackingNumber]);
  if (input.shippedAt) rows.push([words.shippedAt, longDate(locale, input.shippedAt)]);
  const blocks: Block[] = [
    { kind: 'paragraph', text: input.complete ? words.complete : words.partial },
    ...(rows.length > 0 ? [{ kind: 'details' as const, rows }] : []),
    ...(input.trackingUrl ? [{ kind: 'action' as const, label: words.track, url: input.trackingUrl }] : []),
    { kind: 'action', label: words.viewOrder, url: input.orderUrl },
  ];
  return render(locale, words.subject(input.orderId), input.name, blocks);
}
