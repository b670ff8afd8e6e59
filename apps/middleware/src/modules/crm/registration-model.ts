/** The registration as the CRM module's callers see it: queues, jobs, settings and the public view. */
import type { Executor } from '@actuate/service-kit';
import type { RegistrationRow } from './repository.ts';

export const REGISTRATION_QUEUE = 'crm-registration';
export const COMPANY_SYNC_QUEUE = 'company-sync';
/** Price schedules in a new company's currency: thousands of assignments, so after completion, not in it. */
export const CURRENCY_SCHEDULES_QUEUE = 'company-currency-schedules';

export interface RegistrationJob {
  registrationId: string;
}

export interface CurrencySchedulesJob {
  buyerId: string;
  currency: string;
}

export interface CompanySyncJob {
  erpId: string;
}

/**
 * What happened to a registration, announced in the write that did it (e.g. the mails it sends):
 * received; a join request waiting for the company's administrators; approved (complete); declined
 * or expired.
 */
export type RegistrationEvent = 'received' | 'join-requested' | 'approved' | 'declined';
export type RegistrationListener = (
  executor: Executor,
  registrationId: string,
  event: RegistrationEvent,
) => Promise<void>;

/** The listeners of registration events, shared by the parts of the CRM module that change registrations. */
export class RegistrationEvents {
  private readonly listeners: RegistrationListener[] = [];

  add(listener: RegistrationListener): void {
    this.listeners.push(listener);
  }

  async emit(executor: Executor, registrationId: string, event: RegistrationEvent): Promise<void> {
    for (const listener of this.listeners) await listener(executor, registrationId, event);
  }
}

export interface RegistrationInput {
  companyName: string;
  vatNumber: string;
  country: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
  password: string;
  locale: string;
  termsVersionApproved: number;
  privacyVersionApproved: number;
}

export interface CrmSettings {
  termsVersion: number;
  privacyVersion: number;
  /** Catalog a company created by a registration is assigned once complete (skipped when absent). */
  catalogId: string;
  /** Status checks of a pending registration before it waits for the callback alone. */
  maxChecks: number;
  /** First delay between checks, seconds (doubling, at most 300). */
  checkDelaySeconds: number;
}

export type RegistrationStatus =
  | 'Pending'
  | 'AwaitingApproval'
  | 'Complete'
  | 'Failed'
  | 'Declined'
  | 'Expired';

export interface RegistrationView {
  ID: string;
  Status: RegistrationStatus;
  Email: string;
  CompanyName: string;
  VatNumber: string;
  Country: string;
  Locale: string;
  BuyerID: string;
  UserID: string;
  /** True when the registration joined a company the platform already had (same VAT number). */
  CompanyMatched: boolean;
  /** The registration in the back office's CRM (`GET /crm/registrations/{id}` there). */
  BackofficeRegistrationID: string | null;
  CrmAccountId: string | null;
  CrmContactId: string | null;
  CustomerErpId: string | null;
  ContactErpId: string | null;
  SalesCompanyId: string | null;
  /** Why it failed (Failed) or was declined (Declined). */
  Message: string | null;
  /** A join request's deadline for the approval (null when it joined no existing company). */
  ExpiresAt: string | null;
  DateCreated: string;
  DateCompleted: string | null;
}

/** VAT numbers compared without spaces, dots and hyphens, upper case ("dk 43 12 87 90" = "DK43128790"). */
export const normaliseVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

export function registrationView(row: RegistrationRow): RegistrationView {
  return {
    ID: row.id,
    Status: row.state as RegistrationView['Status'],
    Email: row.email,
    CompanyName: row.companyName,
    VatNumber: row.vatNumber,
    Country: row.countryCode2,
    Locale: row.locale,
    BuyerID: row.buyerId,
    UserID: row.userId,
    CompanyMatched: !row.buyerCreated,
    BackofficeRegistrationID: row.backofficeRegistrationId,
    CrmAccountId: row.crmAccountId,
    CrmContactId: row.crmContactId,
    CustomerErpId: row.customerErpId,
    ContactErpId: row.contactErpId,
    SalesCompanyId: row.salesCompanyId,
    Message: row.state === 'Failed' ? row.lastError : row.state === 'Declined' ? row.declineReason : null,
    ExpiresAt: row.expiresAt?.toISOString() ?? null,
    DateCreated: row.createdAt.toISOString(),
    DateCompleted: row.completedAt?.toISOString() ?? null,
  };
}
