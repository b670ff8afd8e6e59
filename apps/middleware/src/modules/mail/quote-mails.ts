/**
 * Quote mails: the buyer is told when the sales desk has priced their quote; the sales desk's address
 * is told when the buyer accepts or declines one. Each change mails once (the delivery record).
 */

import type { MailService } from './service.ts';
import { type RenderedMail, render } from './templates.ts';
import { INTL_LOCALE, type MailLocale } from './texts.ts';

export interface QuoteMailJob {
  kind: 'quote';
  event: 'quoted' | 'accepted' | 'declined';
  quoteId: string;
  companyId: string;
  userId: string;
  buyerName: string;
  validUntil: string | null;
  /** Where accepted and declined quotes are announced (config SALES_DESK_EMAIL). */
  salesDesk: string;
}

const WORDS: Record<
  MailLocale,
  {
    quotedSubject: (id: string) => string;
    quoted: (id: string, until: string) => string;
    view: string;
    answeredSubject: (id: string, accepted: boolean) => string;
    answered: (id: string, buyer: string, accepted: boolean) => string;
  }
> = {
  en: {
    quotedSubject: (id) => `Your quote ${id} is ready`,
    quoted: (id, until) => `Our sales desk has priced your quote ${id}. It is valid until ${until}.`,
    view: 'View the quote',
    answeredSubject: (id, accepted) => `Quote ${id} ${accepted ? 'accepted' : 'declined'}`,
    answered: (id, buyer, accepted) => `${buyer} has ${accepted ? 'accepted' : 'declined'} quote ${id}.`,
  },
  da: {
    quotedSubject: (id) => `Dit tilbud ${id} er klar`,
    quoted: (id, until) =>
      `Vores salgsafdeling har prissat dit tilbud ${id}. Det gælder til og med ${until}.`,
    view: 'Se tilbuddet',
    answeredSubject: (id, accepted) => `Tilbud ${id} ${accepted ? 'accepteret' : 'afvist'}`,
    answered: (id, buyer, accepted) => `${buyer} har ${accepted ? 'accepteret' : 'afvist'} tilbud ${id}.`,
  },
  de: {
    quotedSubject: (id) => `Ihr Angebot ${id} ist fertig`,
    quoted: (id, until) =>
      `Unser Vertriebsinnendienst hat Ihr Angebot ${id} kalkuliert. Es gilt bis zum ${until}.`,
    view: 'Angebot ansehen',
    answeredSubject: (id, accepted) => `Angebot ${id} ${accepted ? 'angenommen' : 'abgelehnt'}`,
    answered: (id, buyer, accepted) =>
      `${buyer} hat das Angebot ${id} ${accepted ? 'angenommen' : 'abgelehnt'}.`,
  },
};

const dateOf = (locale: MailLocale, day: string | null) =>
  day
    ? new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : '—';

export function quoteQuotedMail(
  locale: MailLocale,
  input: { name: string; quoteId: string; validUntil: string | null; url: string },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.quotedSubject(input.quoteId), input.name, [
    { kind: 'paragraph', text: words.quoted(input.quoteId, dateOf(locale, input.validUntil)) },
    { kind: 'action', label: words.view, url: input.url },
  ]);
}

export function quoteAnsweredMail(
  locale: MailLocale,
  input: { quoteId: string; buyerName: string; accepted: boolean },
): RenderedMail {
  const words = WORDS[locale];
  return render(locale, words.answeredSubject(input.quoteId, input.accepted), '', [
    { kind: 'paragraph', text: words.answered(input.quoteId, input.buyerName, input.accepted) },
  ]);
}

export async function sendQuoteMail(mail: MailService, job: QuoteMailJob): Promise<void> {
  const key = `quote-${job.event}:${job.quoteId}`;
  if (job.event === 'quoted') {
    const buyer = await mail.buyerOf(job.companyId, job.userId, undefined);
    if (!buyer) {
      mail.log.warn({ quoteId: job.quoteId }, 'quote mail skipped: the buyer has no e-mail address');
      return;
    }
    await mail.deliver(key, 'quote-quoted', buyer, (locale) =>
      quoteQuotedMail(locale, {
        name: buyer.name,
        quoteId: job.quoteId,
        validUntil: job.validUntil,
        url: `${mail.storefrontUrl}/${locale}/quotes/${encodeURIComponent(job.quoteId)}`,
      }),
    );
    return;
  }
  const desk = { email: job.salesDesk, name: '', locale: 'en' as const };
  await mail.deliver(key, `quote-${job.event}`, desk, (locale) =>
    quoteAnsweredMail(locale, {
      quoteId: job.quoteId,
      buyerName: job.buyerName,
      accepted: job.event === 'accepted',
    }),
  );
}
