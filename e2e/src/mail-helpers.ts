/*
 * Reading the mails the middleware sent, from the mail catcher the stack runs (maildev's REST API),
 * as a person reads them: subject, language, and the links to follow.
 */

export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * The mails to `address` whose subject matches (and whose text names `mentioning`, when given: other
 * files' mails to the same address share the catcher), once at least `count` have arrived.
 */
export async function mailsTo(
  mailUrl: string,
  address: string,
  subject: RegExp,
  count = 1,
  timeoutMs = 60_000,
  mentioning?: string,
): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${mailUrl}/api/email`);
    if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
    const found = ((await response.json()) as CaughtMail[]).filter(
      (mail) =>
        mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) &&
        subject.test(mail.subject) &&
        (mentioning === undefined || mail.text.includes(mentioning)),
    );
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(`${found.length} of ${count} mails "${subject}" to ${address} arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The one mail to `address` whose subject matches (and whose text names `mentioning`). */
export async function mailTo(
  mailUrl: string,
  address: string,
  subject: RegExp,
  mentioning?: string,
): Promise<CaughtMail> {
  return (await mailsTo(mailUrl, address, subject, 1, 60_000, mentioning))[0] as CaughtMail;
}

/** The targets of the mail's links (HTML), decoded; the text part must name each of them too. */
export function linksOf(mail: CaughtMail): string[] {
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] as string).replaceAll('&amp;', '&'),
  );
  for (const link of links) {
    if (!mail.text.includes(link)) throw new Error(`the text part lacks the link ${link}`);
  }
  return links;
}

/** The mail's link that starts with `prefix`. */
export function linkTo(mail: CaughtMail, prefix: string): string {
  const link = linksOf(mail).find((candidate) => candidate.startsWith(prefix));
  if (!link) throw new Error(`"${mail.subject}" has no link to ${prefix}: ${linksOf(mail).join(', ')}`);
  return link;
}
