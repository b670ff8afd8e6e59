import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** CRM accounts (companies), matched by VAT number. */
export const crmAccounts = pgTable(
  'crm_accounts',
  {
    crmId: text('crm_id').primaryKey(),
    name: text('name').notNull(),
    /** Normalised VAT number (uppercase, no spaces): the matching key of registrations. */
    vatNumber: text('vat_number').notNull(),
    countryCode2: text('country_code2').notNull(),
    salesCompanyId: text('sales_company_id').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    invoiceEmail: text('invoice_email'),
    phone: text('phone'),
    webShopCompanyId: text('web_shop_company_id'),
    /** The ERP customer of this account, once known. */
    erpCustomerId: text('erp_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('crm_accounts_vat_idx').on(table.vatNumber)],
);

/** CRM contacts (persons), matched by e-mail address. */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    crmId: text('crm_id').primaryKey(),
    accountCrmId: text('account_crm_id')
      .notNull()
      .references(() => crmAccounts.crmId),
    /** Lower-cased e-mail address: the matching key of registrations. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** The language the contact chose in the web shop (en, da, de). */
    language: text('language'),
    webShopUserId: text('web_shop_user_id'),
    /** The ERP contact id, once known. */
    erpContactId: text('erp_contact_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('crm_contacts_email_idx').on(table.email),
    index('crm_contacts_account_idx').on(table.accountCrmId),
  ],
);

/**
 * The web shop's addresses of an account, as the integration sends them: one row per shop address id,
 * its fields as the shop has them now and the ERP delivery address it became.
 */
export const crmAccountAddresses = pgTable(
  'crm_account_addresses',
  {
    accountCrmId: text('account_crm_id')
      .notNull()
      .references(() => crmAccounts.crmId),
    webShopAddressId: text('web_shop_address_id').notNull(),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    erpAddressId: text('erp_address_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountCrmId, table.webShopAddressId] })],
);

/**
 * Pending: the ERP part follows by a job. AwaitingApproval: a join request (the registrant asks to join a
 * company that has an ERP customer already) waiting for the company's administrator or the CRM operator;
 * it ends Complete, Declined (with a reason) or Expired (at `expiresAt`).
 */
export type RegistrationStatus = 'Pending' | 'AwaitingApproval' | 'Complete' | 'Declined' | 'Expired';

/** Registrations from the web shop: matched or created in the CRM at once, completed in the ERP by a job. */
export const registrations = pgTable('registrations', {
  id: text('id').primaryKey(),
  status: text('status').$type<RegistrationStatus>().notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  accountCrmId: text('account_crm_id').notNull(),
  contactCrmId: text('contact_crm_id').notNull(),
  accountMatched: text('account_matched').$type<'matched' | 'created'>().notNull(),
  contactMatched: text('contact_matched').$type<'matched' | 'created'>().notNull(),
  customerErpId: text('customer_erp_id'),
  contactErpId: text('contact_erp_id'),
  salesCompanyId: text('sales_company_id'),
  /** A join request's deadline for a decision (null for other registrations). */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  /** Why a join request was declined, as the registrant is told. */
  declineReason: text('decline_reason'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  /** When it was declined or expired. */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
});
