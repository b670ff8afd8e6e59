/** To each buyer administrator of the company: someone asks to join it and waits for their decision. */
import { longDate, type RenderedMail, render } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface JoinRequestInput {
  name: string;
  applicantName: string;
  applicantEmail: string;
  companyName: string;
  expiresAt: string;
  joinRequestsUrl: string;
}

const WORDS: Record<
  MailLocale,
  {
    subject: (applicant: string) => string;
    intro: (applicant: string, company: string) => string;
    email: string;
    deadline: (date: string) => string;
    action: string;
  }
> = {
  en: {
    subject: (applicant) => `${applicant} asks to join your company`,
    intro: (applicant, company) =>
      `${applicant} has registered as a user of ${company}. Approve the request if they work for you, else decline it.`,
    email: 'E-mail',
    deadline: (date) => `Without a decision the request expires on ${date}.`,
    action: 'Review the request',
  },
  da: {
    subject: (applicant) => `${applicant} beder om at blive tilknyttet jeres virksomhed`,
    intro: (applicant, company) =>
      `${applicant} har registreret sig som bruger hos ${company}. Godkend anmodningen, hvis personen arbejder for jer, ellers afvis den.`,
    email: 'E-mail',
    deadline: (date) => `Uden en beslutning udløber anmodningen den ${date}.`,
    action: 'Se anmodningen',
  },
  de: {
    subject: (applicant) => `${applicant} möchte Ihrem Unternehmen beitreten`,
    intro: (applicant, company) =>
      `${applicant} hat sich als Benutzer von ${company} registriert. Geben Sie die Anfrage frei, wenn die Person für Sie arbeitet, sonst lehnen Sie sie ab.`,
    email: 'E-Mail',
    deadline: (date) => `Ohne Entscheidung läuft die Anfrage am ${date} ab.`,
    action: 'Anfrage prüfen',
  },
};

export function joinRequestMail(locale: MailLocale, input: JoinRequestInput): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.subject(input.applicantName), input.name, [
    { kind: 'paragraph', text: words.intro(input.applicantName, input.companyName) },
    { kind: 'details', rows: [[words.email, input.applicantEmail]] },
    { kind: 'paragraph', text: words.deadline(longDate(locale, input.expiresAt)) },
    { kind: 'action', label: words.action, url: input.joinRequestsUrl },
  ]);
}
