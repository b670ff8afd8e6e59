/** The registration is complete (a new company set up, or a join request approved): the buyer may sign in. */
import { type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface RegistrationApprovedInput {
  name: string;
  companyName: string;
  signInUrl: string;
}

const WORDS: Record<MailLocale, { subject: string; intro: (company: string) => string; action: string }> = {
  en: {
    subject: 'Your Actuate account is ready',
    intro: (company) =>
      `Your registration for ${company} is approved. Sign in with your e-mail address and password to order.`,
    action: 'Sign in',
  },
  da: {
    subject: 'Din Actuate-konto er klar',
    intro: (company) =>
      `Din registrering for ${company} er godkendt. Log ind med din e-mailadresse og adgangskode for at bestille.`,
    action: 'Log ind',
  },
  de: {
    subject: 'Ihr Actuate-Konto ist bereit',
    intro: (company) =>
      `Ihre Registrierung für ${company} ist freigegeben. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, um zu bestellen.`,
    action: 'Anmelden',
  },
};

export function registrationApprovedMail(locale: MailLocale, input: RegistrationApprovedInput): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.subject, input.name, [
    { kind: 'paragraph', text: words.intro(input.companyName) },
    { kind: 'action', label: words.action, url: input.signInUrl },
  ]);
}
