import type { Executor } from '@actuate/service-kit';
import { nextNumber, reserveUpTo } from './repository.ts';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The number ranges of the back office. ERP ids of customers, contacts and addresses follow the demo
 * world's shape `<sales company>-<range digit><5 digits>` (three uppercase letters, hyphen, six digits):
 * customers 1xxxxx, contacts 2xxxxx, addresses 3xxxxx.
 */
export const numbering = {
  customer: async (db: Executor, salesCompanyId: string) =>
    `${salesCompanyId}-${pad(await nextNumber(db, `customer:${salesCompanyId}`, 150_001), 6)}`,
  contact: async (db: Executor, salesCompanyId: string) =>
    `${salesCompanyId}-${pad(await nextNumber(db, `contact:${salesCompanyId}`, 250_001), 6)}`,
  address: async (db: Executor, salesCompanyId: string) =>
    `${salesCompanyId}-${pad(await nextNumber(db, `address:${salesCompanyId}`, 350_001), 6)}`,
  salesOrder: async (db: Executor, salesCompanyId: string) =>
    `SO-${salesCompanyId}-${pad(await nextNumber(db, `sales-order:${salesCompanyId}`, 1), 6)}`,
  shipment: async (db: Executor) => `SHP-${pad(await nextNumber(db, 'shipment', 1), 7)}`,
  container: async (db: Executor) => `CONT-${pad(await nextNumber(db, 'container', 1), 7)}`,
  invoice: async (db: Executor, salesCompanyId: string, year: number) =>
    `INV-${salesCompanyId}-${year}-${pad(await nextNumber(db, `invoice:${salesCompanyId}:${year}`, 1), 6)}`,
  creditNote: async (db: Executor, salesCompanyId: string, year: number) =>
    `CN-${salesCompanyId}-${year}-${pad(await nextNumber(db, `credit-note:${salesCompanyId}:${year}`, 1), 6)}`,
  /** 1, 2, 3 … per callback subject (e.g. `customer:ADK-100001`). */
  eventSequence: (db: Executor, subject: string) => nextNumber(db, `events:${subject}`, 1),
  /** After seeding ERP ids, keep the ranges beyond them. */
  reserveErpId: async (db: Executor, kind: 'customer' | 'contact' | 'address', erpId: string) => {
    const match = /^([A-Z]{3})-(\d{6})$/.exec(erpId);
    if (!match) return;
    await reserveUpTo(db, `${kind}:${match[1]}`, Number(match[2]));
  },
};
