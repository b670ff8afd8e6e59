/** The reminder the subscription's notification days before its next order is placed. */
import { longDate, type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface SubscriptionReminderInput {
  name: string;
  subscriptionId: string;
  /** The subscription's name (xp.Name), else its ID. */
  title: string;
  nextOrderDate: string;
  subscriptionUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (date: string) => string;
    intro: (title: string, date: string) => string;
    change: string;
    action: string;
  }
> = {
  en: {
    subject: (date) => `Your subscription orders again on ${date}`,
    intro: (title, date) => `Your subscription “${title}” places its next order on ${date}.`,
    change: 'To change the items, the date or the delivery, or to pause the subscription, do so before then.',
    action: 'View the subscription',
  },
  da: {
    subject: (date) => `Dit abonnement bestiller igen den ${date}`,
    intro: (title, date) => `Dit abonnement “${title}” afgiver næste ordre den ${date}.`,
    change:
      'Vil du ændre varerne, datoen eller leveringen eller sætte abonnementet på pause, så gør det inden da.',
    action: 'Se abonnementet',
  },
  de: {
    subject: (date) => `Ihr Abonnement bestellt wieder am ${date}`,
    intro: (title, date) => `Ihr Abonnement „${title}“ gibt die nächste Bestellung am ${date} auf.`,
    change:
      'Wenn Sie Artikel, Datum oder Lieferung ändern oder das Abonnement pausieren möchten, tun Sie das bitte vorher.',
    action: 'Abonnement ansehen',
  },
};

export function subscriptionReminderMail(locale: MailLocale, input: SubscriptionReminderInput): RenderedMail {
  const words = WORDS[locale];
  const date = longDate(locale, input.nextOrderDate);
  return render(locale, words.subject(date), input.name, [
    { kind: 'paragraph', text: words.intro(input.title, date) },
    { kind: 'paragraph', text: words.change },
    { kind: 'action', label: words.action, url: input.subscriptionUrl },
  ]);
}
