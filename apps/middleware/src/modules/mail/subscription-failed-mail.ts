/** A subscription's order could not be placed (the platform made none, or the order was refused). */
import { type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface SubscriptionFailedInput {
  name: string;
  /** The subscription's name (xp.Name), else its ID. */
  title: string;
  /** The order the platform created, when it created one. */
  orderId?: string | undefined;
  subscriptionUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (title: string) => string;
    intro: (title: string) => string;
    order: (id: string) => string;
    check: string;
    action: string;
  }
> = {
  en: {
    subject: (title) => `Your subscription “${title}” could not order`,
    intro: (title) => `We could not place the order of your subscription “${title}”.`,
    order: (id) => `The order ${id} was not submitted.`,
    check:
      'Please check the subscription’s items, payment and addresses. We try again automatically for a few hours.',
    action: 'View the subscription',
  },
  da: {
    subject: (title) => `Dit abonnement “${title}” kunne ikke bestille`,
    intro: (title) => `Vi kunne ikke afgive ordren for dit abonnement “${title}”.`,
    order: (id) => `Ordren ${id} blev ikke afgivet.`,
    check:
      'Kontrollér venligst abonnementets varer, betaling og adresser. Vi prøver automatisk igen i nogle timer.',
    action: 'Se abonnementet',
  },
  de: {
    subject: (title) => `Ihr Abonnement „${title}“ konnte nicht bestellen`,
    intro: (title) => `Die Bestellung Ihres Abonnements „${title}“ konnte nicht aufgegeben werden.`,
    order: (id) => `Die Bestellung ${id} wurde nicht abgeschickt.`,
    check:
      'Bitte prüfen Sie Artikel, Zahlung und Adressen des Abonnements. Wir versuchen es einige Stunden lang automatisch erneut.',
    action: 'Abonnement ansehen',
  },
};

export function subscriptionFailedMail(locale: MailLocale, input: SubscriptionFailedInput): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.subject(input.title), input.name, [
    { kind: 'paragraph', text: words.intro(input.title) },
    ...(input.orderId ? [{ kind: 'paragraph' as const, text: words.order(input.orderId) }] : []),
    { kind: 'paragraph', text: words.check },
    { kind: 'action', label: words.action, url: input.subscriptionUrl },
  ]);
}
