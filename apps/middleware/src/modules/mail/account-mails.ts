/**
 * Mails of a registration (to the registrant: received, approved, declined or expired) and of a join
 * request (to each buyer administrator of the company it asks to join). The job reads the registration
 * as it is when it runs; a registration whose state has moved past the event mails nobody.
 */
import { findRegistration, type RegistrationRow } from '../crm/repository.ts';
import { buyerAdmins } from './buyer-admins.ts';
import { joinRequestMail } from './join-request-mail.ts';
import { registrationApprovedMail } from './registration-approved-mail.ts';
import { registrationDeclinedMail } from './registration-declined-mail.ts';
import { registrationReceivedMail } from './registration-received-mail.ts';
import { type MailService, type Recipient, recipientOf } from './service.ts';
import { mailLocaleOf } from './texts.ts';

/** What happened to a registration (`crm/registration-model.ts` announces these). */
export type RegistrationMailEvent = 'received' | 'approved' | 'declined';

export interface RegistrationMailJob {
  kind: 'registration';
  registrationId: string;
  event: RegistrationMailEvent;
}

export interface JoinRequestMailJob {
  kind: 'join-request';
  registrationId: string;
}

function registrant(row: RegistrationRow): Recipient {
  const request = row.request as { firstName?: string; lastName?: string };
  const name = [request.firstName, request.lastName].filter(Boolean).join(' ');
  return { email: row.email, name, locale: mailLocaleOf({ xp: { Locale: row.locale } }) };
}

export async function sendRegistrationMail(mail: MailService, job: RegistrationMailJob): Promise<void> {
  const row = await findRegistration(mail.db, job.registrationId);
  if (!row) return;
  const recipient = registrant(row);
  const key = `registration-${job.event}:${row.id}`;
  const template = `registration-${job.event}`;
  if (job.event === 'received') {
    await mail.deliver(key, template, recipient, (locale) =>
      registrationReceivedMail(locale, {
        name: recipient.name,
        companyName: row.companyName,
        joining: Boolean(row.expiresAt),
        statusUrl: `${mail.storefrontUrl}/${locale}/register/${encodeURIComponent(row.id)}`,
      }),
    );
  } else if (job.event === 'approved') {
    if (row.state !== 'Complete') return;
    await mail.deliver(key, template, recipient, (locale) =>
      registrationApprovedMail(locale, {
        name: recipient.name,
        companyName: row.companyName,
        signInUrl: `${mail.storefrontUrl}/${locale}/sign-in`,
      }),
    );
  } else {
    if (row.state !== 'Declined' && row.state !== 'Expired') return;
    await mail.deliver(key, template, recipient, (locale) =>
      registrationDeclinedMail(locale, {
        name: recipient.name,
        companyName: row.companyName,
        expired: row.state === 'Expired',
        reason: row.declineReason,
        registerUrl: `${mail.storefrontUrl}/${locale}/register`,
      }),
    );
  }
}

export async function sendJoinRequestMails(mail: MailService, job: JoinRequestMailJob): Promise<void> {
  const row = await findRegistration(mail.db, job.registrationId);
  if (row?.state !== 'AwaitingApproval') return;
  const applicant = registrant(row);
  const company = await mail.platform.send<{ Name?: string }>(
    'GET',
    `/v1/buyers/${encodeURIComponent(row.buyerId)}`,
  );
  const companyName = (company.status === 200 && company.body.Name) || row.companyName;
  const failures: unknown[] = [];
  for (const admin of await buyerAdmins(mail.platform, row.buyerId)) {
    const recipient = recipientOf(admin);
    if (!recipient) continue;
    try {
      await mail.deliver(`join-request:${row.id}`, 'join-request', recipient, (locale) =>
        joinRequestMail(locale, {
          name: recipient.name,
          applicantName: applicant.name || row.email,
          applicantEmail: row.email,
          companyName,
          expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
          joinRequestsUrl: `${mail.storefrontUrl}/${locale}/account/join-requests`,
        }),
      );
    } catch (error) {
      failures.push(error);
    }
  }
  // The others are mailed; the job's retry mails the ones that failed (and skips the rest).
  if (failures.length > 0) throw failures[0];
}
