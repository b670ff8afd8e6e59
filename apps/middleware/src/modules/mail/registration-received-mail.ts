/** The registrant's receipt: a new company waits for the CRM/ERP, a colleague for the company's approval. */
import { type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface RegistrationReceivedInput {
  name: string;
  companyName: string;
  /** True when the registration joins a company the shop has: its administrators decide. */
  joining: boolean;
  statusUrl: string;
}

const WORDS: Record<
  MailLocale,
  { subject: string; intro: (company: string) => string; newCompany: string; joining: string; action: string }
> = {
  en: {
    subject: 'We have received your registration',
    intro: (company) => `Thank you for registering ${company} with Actuate.`,
    newCompany: 'We are setting up your company account and e-mail you as soon as you can order.',
    joining:
      'Your company has an account already: one of its administrators approves your access. We e-mail you when they have decided.',
    action: 'See the status of your registration',
  },
  da: {
    subject: 'Vi har modtaget din registrering',
    intro: (company) => `Tak fordi du har registreret ${company} hos Actuate.`,
    newCompany: 'Vi opretter din virksomheds konto og skriver til dig, så snart du kan bestille.',
    joining:
      'Din virksomhed har allerede en konto: en af dens administratorer godkender din adgang. Vi skriver til dig, når der er truffet en beslutning.',
    action: 'Se status for din registrering',
  },
  de: {
    subject: 'Wir haben Ihre Registrierung erhalten',
    intro: (company) => `Vielen Dank, dass Sie ${company} bei Actuate registriert haben.`,
    newCompany:
      'Wir richten das Konto Ihres Unternehmens ein und schreiben Ihnen, sobald Sie bestellen können.',
    joining:
      'Ihr Unternehmen hat bereits ein Konto: Eine Administratorin oder ein Administrator gibt Ihren Zugang frei. Wir schreiben Ihnen, sobald entschieden ist.',
    action: 'Status Ihrer Registrierung ansehen',
  },
};

export function registrationReceivedMail(locale: MailLocale, input: RegistrationReceivedInput): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.subject, input.name, [
    { kind: 'paragraph', text: words.intro(input.companyName) },
    { kind: 'paragraph', text: input.joining ? words.joining : words.newCompany },
    { kind: 'action', label: words.action, url: input.statusUrl },
  ]);
}
