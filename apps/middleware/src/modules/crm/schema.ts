import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Registrations from the storefront: the pending platform user and company, and how far the CRM and
 * ERP got. The password never reaches this table (it goes straight to the platform).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: text('id').primaryKey(),
    /**
     * Pending (waiting for the CRM/ERP), Complete, Failed (the CRM refused; see `lastError`); a join
     * request (an existing company) is AwaitingApproval until approved (then as Pending), Declined or Expired.
     */
    state: text('state').notNull(),
    email: text('email').notNull(),
    /** Normalised (upper case, no spaces, dots or hyphens). */
    vatNumber: text('vat_number').notNull(),
    companyName: text('company_name').notNull(),
    countryCode2: text('country_code2').notNull(),
    locale: text('locale').notNull(),
    /** The registration as received, without the password. */
    request: jsonb('request').notNull(),
    buyerId: text('buyer_id').notNull(),
    /** True when the registration created the platform buyer (no company with its VAT number existed). */
    buyerCreated: boolean('buyer_created').notNull(),
    userId: text('user_id').notNull(),
    azureObjectId: text('azure_object_id').notNull(),
    backofficeRegistrationId: text('backoffice_registration_id'),
    crmAccountId: text('crm_account_id'),
    crmContactId: text('crm_contact_id'),
    customerErpId: text('customer_erp_id'),
    contactErpId: text('contact_erp_id'),
    salesCompanyId: text('sales_company_id'),
    /** Status checks done while the CRM/ERP had not completed it yet. */
    checks: integer('checks').notNull().default(0),
    lastError: text('last_error'),
    /** A join request's deadline for a decision (null for a new company). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why a join request was declined, as the registrant is told. */
    declineReason: text('decline_reason'),
    /** Who approved or declined a join request: a platform user id, or `crm` for the CRM operator. */
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('registrations_email_key').on(table.email),
    uniqueIndex('registrations_user_key').on(table.userId),
    index('registrations_buyer_state_idx').on(table.buyerId, table.state),
  ],
);

/** Company extension updates pushed to the platform (from `customer.updated` or an operator). */
export const companySyncs = pgTable('company_syncs', {
  erpId: text('erp_id').primaryKey(),
  buyerIds: jsonb('buyer_ids').notNull().default([]),
  /** The extension last written (or what stopped it). */
  xp: jsonb('xp'),
  state: text('state').notNull(),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
