/** The words of every mail in the shop's three languages (the storefront's en, da and de). */

export const MAIL_LOCALES = ['en', 'da', 'de'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** `Intl` locale of each mail language: dates and amounts as the reader writes them. */
export const INTL_LOCALE: Record<MailLocale, string> = { en: 'en-GB', da: 'da-DK', de: 'de-DE' };

/**
 * The mail language of a platform user: `Locale.Language` (`da-DK`, `de`…), else the `xp.Locale` a
 * registration stored, else English.
 */
export function mailLocaleOf(user: {
  Locale?: { Language?: string | null } | null;
  xp?: Record<string, unknown> | null;
}): MailLocale {
  const candidates = [user.Locale?.Language, user.xp?.Locale];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const language = candidate.slice(0, 2).toLowerCase();
    if ((MAIL_LOCALES as readonly string[]).includes(language)) return language as MailLocale;
  }
  return 'en';
}

interface Words {
  greeting: (name: string) => string;
  signature: string;
  automatic: string;
  orderConfirmation: { subject: (id: string) => string; intro: string; awaitingApproval: string };
  approvalRequested: { subject: (id: string) => string; intro: (buyer: string) => string; action: string };
  orderApproved: { subject: (id: string) => string; intro: string };
  orderDeclined: { subject: (id: string) => string; intro: string; comment: string };
  passwordReset: {
    subject: string;
    intro: string;
    action: string;
    expiry: (minutes: number) => string;
    ignore: string;
  };
  invitation: {
    subject: string;
    intro: string;
    action: string;
    expiry: (days: number) => string;
    signIn: (username: string) => string;
  };
  order: {
    viewOrder: string;
    product: string;
    quantity: string;
    unitPrice: string;
    lineTotal: string;
    subtotal: string;
    discount: string;
    shipping: string;
    tax: string;
    total: string;
    shipTo: string;
    billTo: string;
  };
}

export const WORDS: Record<MailLocale, Words> = {
  en: {
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    signature: 'Kind regards\nActuate',
    automatic: 'This e-mail was sent automatically; replies are not read.',
    orderConfirmation: {
      subject: (id) => `Order confirmation ${id}`,
      intro: 'Thank you for your order. We have received it and will confirm delivery shortly.',
      awaitingApproval: 'Your order needs an approver’s approval: we process it as soon as it is approved.',
    },
    approvalRequested: {
      subject: (id) => `Order ${id} awaits your approval`,
      intro: (buyer) => `${buyer} has submitted an order that needs your approval.`,
      action: 'Review the order',
    },
    orderApproved: {
      subject: (id) => `Order ${id} approved`,
      intro: 'Your order has been approved and is now being processed.',
    },
    orderDeclined: {
      subject: (id) => `Order ${id} declined`,
      intro: 'Your order was declined by the approver and will not be delivered.',
      comment: 'Approver’s comment',
    },
    passwordReset: {
      subject: 'Reset your Actuate password',
      intro: 'Someone asked to reset the password of your Actuate account. Choose a new password here:',
      action: 'Choose a new password',
      expiry: (minutes) => `The link works once and expires in ${minutes} minutes.`,
      ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    invitation: {
      subject: 'You are invited to the Actuate shop',
      intro:
        'Your company’s administrator has created an Actuate shop account for you. Choose your password here:',
      action: 'Choose your password',
      expiry: (days) => `The link works once and expires in ${days} days.`,
      signIn: (username) => `Then sign in with your user name ${username}.`,
    },
    order: {
      viewOrder: 'View the order',
      product: 'Product',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      lineTotal: 'Total',
      subtotal: 'Subtotal',
      discount: 'Discount',
      shipping: 'Shipping',
      tax: 'VAT',
      total: 'Total',
      shipTo: 'Delivery address',
      billTo: 'Billing address',
    },
  },
  da: {
    greeting: (name) => (name ? `Kære ${name}` : 'Hej'),
    signature: 'Venlig hilsen\nActuate',
    automatic: 'Denne e-mail er sendt automatisk; svar bliver ikke læst.',
    orderConfirmation: {
      subject: (id) => `Ordrebekræftelse ${id}`,
      intro: 'Tak for din ordre. Vi har modtaget den og bekræfter leveringen inden længe.',
      awaitingApproval:
        'Din ordre skal godkendes af en godkender: vi behandler den, så snart den er godkendt.',
    },
    approvalRequested: {
      subject: (id) => `Ordre ${id} venter på din godkendelse`,
      intro: (buyer) => `${buyer} har afgivet en ordre, der skal godkendes af dig.`,
      action: 'Se ordren',
    },
    orderApproved: {
      subject: (id) => `Ordre ${id} er godkendt`,
      intro: 'Din ordre er godkendt og bliver nu behandlet.',
    },
    orderDeclined: {
      subject: (id) => `Ordre ${id} er afvist`,
      intro: 'Din ordre blev afvist af godkenderen og bliver ikke leveret.',
      comment: 'Godkenderens kommentar',
    },
    passwordReset: {
      subject: 'Nulstil din Actuate-adgangskode',
      intro: 'Nogen har bedt om at nulstille adgangskoden til din Actuate-konto. Vælg en ny adgangskode her:',
      action: 'Vælg en ny adgangskode',
      expiry: (minutes) => `Linket virker én gang og udløber om ${minutes} minutter.`,
      ignore: 'Har du ikke bedt om det, kan du se bort fra denne e-mail: din adgangskode forbliver uændret.',
    },
    invitation: {
      subject: 'Du er inviteret til Actuate-shoppen',
      intro: 'Din virksomheds administrator har oprettet en Actuate-konto til dig. Vælg din adgangskode her:',
      action: 'Vælg din adgangskode',
      expiry: (days) => `Linket virker én gang og udløber om ${days} dage.`,
      signIn: (username) => `Log derefter ind med dit brugernavn ${username}.`,
    },
    order: {
      viewOrder: 'Se ordren',
      product: 'Produkt',
      quantity: 'Antal',
      unitPrice: 'Stykpris',
      lineTotal: 'I alt',
      subtotal: 'Subtotal',
      discount: 'Rabat',
      shipping: 'Fragt',
      tax: 'Moms',
      total: 'I alt',
      shipTo: 'Leveringsadresse',
      billTo: 'Fakturaadresse',
    },
  },
  de: {
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    signature: 'Mit freundlichen Grüßen\nActuate',
    automatic: 'Diese E-Mail wurde automatisch versandt; Antworten werden nicht gelesen.',
    orderConfirmation: {
      subject: (id) => `Auftragsbestätigung ${id}`,
      intro: 'Vielen Dank für Ihre Bestellung. Wir haben sie erhalten und bestätigen die Lieferung in Kürze.',
      awaitingApproval:
        'Ihre Bestellung muss freigegeben werden: Wir bearbeiten sie, sobald sie freigegeben ist.',
    },
    approvalRequested: {
      subject: (id) => `Bestellung ${id} wartet auf Ihre Freigabe`,
      intro: (buyer) => `${buyer} hat eine Bestellung aufgegeben, die Ihre Freigabe benötigt.`,
      action: 'Bestellung prüfen',
    },
    orderApproved: {
      subject: (id) => `Bestellung ${id} freigegeben`,
      intro: 'Ihre Bestellung wurde freigegeben und wird jetzt bearbeitet.',
    },
    orderDeclined: {
      subject: (id) => `Bestellung ${id} abgelehnt`,
      intro: 'Ihre Bestellung wurde vom Freigebenden abgelehnt und wird nicht geliefert.',
      comment: 'Kommentar des Freigebenden',
    },
    passwordReset: {
      subject: 'Ihr Actuate-Passwort zurücksetzen',
      intro:
        'Jemand hat das Zurücksetzen des Passworts Ihres Actuate-Kontos angefordert. Wählen Sie hier ein neues Passwort:',
      action: 'Neues Passwort wählen',
      expiry: (minutes) => `Der Link funktioniert einmal und läuft in ${minutes} Minuten ab.`,
      ignore:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    invitation: {
      subject: 'Sie sind zum Actuate-Shop eingeladen',
      intro:
        'Der Administrator Ihres Unternehmens hat ein Actuate-Konto für Sie angelegt. Wählen Sie hier Ihr Passwort:',
      action: 'Passwort wählen',
      expiry: (days) => `Der Link funktioniert einmal und läuft in ${days} Tagen ab.`,
      signIn: (username) => `Melden Sie sich danach mit Ihrem Benutzernamen ${username} an.`,
    },
    order: {
      viewOrder: 'Bestellung ansehen',
      product: 'Produkt',
      quantity: 'Menge',
      unitPrice: 'Stückpreis',
      lineTotal: 'Summe',
      subtotal: 'Zwischensumme',
      discount: 'Rabatt',
      shipping: 'Versand',
      tax: 'MwSt.',
      total: 'Gesamt',
      shipTo: 'Lieferadresse',
      billTo: 'Rechnungsadresse',
    },
  },
};
