import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { erpContacts, erpCustomers, erpDeliveryAddresses, salesCompanies } from './schema.ts';

export type SalesCompanyRow = typeof salesCompanies.$inferSelect;
export type CustomerRow = typeof erpCustomers.$inferSelect;
export type ContactRow = typeof erpContacts.$inferSelect;
export type DeliveryAddressRow = typeof erpDeliveryAddresses.$inferSelect;

export const listSalesCompanies = (db: Executor) =>
  db.select().from(salesCompanies).orderBy(asc(salesCompanies.id));

export async function findSalesCompany(db: Executor, id: string): Promise<SalesCompanyRow | undefined> {
  const [row] = await db.select().from(salesCompanies).where(eq(salesCompanies.id, id));
  return row;
}

export async function findCustomer(db: Executor, erpId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(erpCustomers).where(eq(erpCustomers.erpId, erpId));
  return row;
}

export function searchCustomers(
  db: Executor,
  filter: {
    vatNumber?: string | undefined;
    crmAccountId?: string | undefined;
    salesCompanyId?: string | undefined;
  },
) {
  const conditions: SQL[] = [];
  if (filter.vatNumber) conditions.push(eq(erpCustomers.vatNumber, filter.vatNumber));
  if (filter.crmAccountId) conditions.push(eq(erpCustomers.crmAccountId, filter.crmAccountId));
  if (filter.salesCompanyId) conditions.push(eq(erpCustomers.salesCompanyId, filter.salesCompanyId));
  return db
    .select()
    .from(erpCustomers)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(erpCustomers.erpId))
    .limit(500);
}

export async function insertCustomer(
  db: Executor,
  row: typeof erpCustomers.$inferInsert,
): Promise<CustomerRow> {
  const [inserted] = await db.insert(erpCustomers).values(row).returning();
  if (!inserted) throw new Error('customer not inserted');
  return inserted;
}

export async function updateCustomer(
  db: Executor,
  erpId: string,
  patch: Partial<typeof erpCustomers.$inferInsert>,
): Promise<CustomerRow | undefined> {
  const [row] = await db.update(erpCustomers).set(patch).where(eq(erpCustomers.erpId, erpId)).returning();
  return row;
}

export async function findContact(db: Executor, erpId: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(erpContacts).where(eq(erpContacts.erpId, erpId));
  return row;
}

export const contactsOf = (db: Executor, customerErpId: string) =>
  db
    .select()
    .from(erpContacts)
    .where(eq(erpContacts.customerErpId, customerErpId))
    .orderBy(asc(erpContacts.erpId));

export async function insertContact(db: Executor, row: typeof erpContacts.$inferInsert): Promise<ContactRow> {
  const [inserted] = await db.insert(erpContacts).values(row).returning();
  if (!inserted) throw new Error('contact not inserted');
  return inserted;
}

export const addressesOf = (db: Executor, customerErpId: string) =>
  db
    .select()
    .from(erpDeliveryAddresses)
    .where(eq(erpDeliveryAddresses.customerErpId, customerErpId))
    .orderBy(asc(erpDeliveryAddresses.erpId));

export async function findAddress(db: Executor, erpId: string): Promise<DeliveryAddressRow | undefined> {
  const [row] = await db.select().from(erpDeliveryAddresses).where(eq(erpDeliveryAddresses.erpId, erpId));
  return row;
}

export async function insertAddress(
  db: Executor,
  row: typeof erpDeliveryAddresses.$inferInsert,
): Promise<DeliveryAddressRow> {
  const [inserted] = await db.insert(erpDeliveryAddresses).values(row).returning();
  if (!inserted) throw new Error('address not inserted');
  return inserted;
}

export async function updateAddress(
  db: Executor,
  erpId: string,
  values: Partial<typeof erpDeliveryAddresses.$inferInsert>,
): Promise<DeliveryAddressRow | undefined> {
  const [row] = await db
    .update(erpDeliveryAddresses)
    .set(values)
    .where(eq(erpDeliveryAddresses.erpId, erpId))
    .returning();
  return row;
}
