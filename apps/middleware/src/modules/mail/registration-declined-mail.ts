/** A join request declined (with the decider's reason) or expired without a decision. */
import { type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface RegistrationDeclinedInput {
  name: string;
  companyName: string;
  /** Expired: nobody decided before the deadline. */
  expired: boolean;
  reason?: string | null | undefined;
  registerUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: string;
    declined: (company: string) => string;
    expired: (company: string) => string;
    reason: string;
    again: string;
    action: string;
  }
> = {
  en: {
    subject: 'Your Actuate registration was not approved',
    declined: (company) => `Your request to join ${company} in Actuate was declined.`,
    expired: (company) => `Your request to join ${company} in Actuate expired: nobody decided on it in time.`,
    reason: 'Reason',
    again: 'Your account was removed. You may register again.',
    action: 'Register again',
  },
  da: {
    subject: 'Din Actuate-registrering blev ikke godkendt',
    declined: (company) => `Din anmodning om at blive tilknyttet ${company} i Actuate blev afvist.`,
    expired: (company) =>
      `Din anmodning om at blive tilknyttet ${company} i Actuate er udløbet: ingen tog stilling til den i tide.`,
    reason: 'Begrundelse',
    again: 'Din konto er slettet. Du kan registrere dig igen.',
    action: 'Registrér dig igen',
  },
  de: {
    subject: 'Ihre Actuate-Registrierung wurde nicht freigegeben',
    declined: (company) => `Ihre Anfrage, ${company} in Actuate beizutreten, wurde abgelehnt.`,
    expired: (company) =>
      `Ihre Anfrage, ${company} in Actuate beizutreten, ist abgelaufen: Niemand hat rechtzeitig darüber entschieden.`,
    reason: 'Begründung',
    again: 'Ihr Konto wurde entfernt. Sie können sich erneut registrieren.',
    action: 'Erneut registrieren',
  },
};

export function registrationDeclinedMail(locale: MailLocale, input: RegistrationDeclinedInput): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.subject, input.name, [
    {
      kind: 'paragraph',
      text: input.expired ? words.expired(input.companyName) : words.declined(input.companyName),
    },
    ...(input.reason ? [{ kind: 'paragraph' as const, text: `${words.reason}: ${input.reason}` }] : []),
    { kind: 'paragraph', text: words.again },
    { kind: 'action', label: words.action, url: input.registerUrl },
  ]);
}
