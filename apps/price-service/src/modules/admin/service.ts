/**
 * Admin writes (the ERP feed): each call validates the whole batch (shape at the edge, references
 * here) before anything is written, then writes through the owning module's service and bumps the
 * price-catalog version in one transaction. Bad input changes nothing.
 */
import { percentToBasisPoints, toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, unprocessable } from '@actuate/service-kit';
import type { z } from 'zod';
import { kgToGrams } from '../../shared/amounts.ts';
import type { PriceContext } from '../../shared/context.ts';
import { upsertRates } from '../currency/service.ts';
import { replaceBreakSchedules, upsertDiscountGroups, upsertNetPrices } from '../customer-pricing/service.ts';
import { bumpVersion, type PriceCatalog } from '../price-catalog/service.ts';
import { familyScheduleKey, itemScheduleKey, type PriceSnapshot } from '../price-catalog/snapshot.ts';
import { upsertFamilies, upsertItems, upsertMarkups, upsertPriceLists } from '../price-lists/service.ts';
import { replaceShipMethods } from '../shipping/service.ts';
import { upsertVatRates } from '../tax/service.ts';
import type {
  DiscountGroupsBody,
  ExchangeRatesBody,
  FamiliesBody,
  MarkupsBody,
  NetPricesBody,
  PriceListsBody,
  QuantityBreaksBody,
  SalesItemsBody,
  ShipMethodsBody,
  VatRatesBody,
} from './models.ts';

export interface AdminResult {
  version: number;
  upserted: number;
}

const dkk = (amount: number) => toMinorUnits(amount, 'DKK');
const date = (iso: string) => new Date(iso);
const nullableDate = (iso: string | null) => (iso === null ? null : new Date(iso));

/** DKK per EUR "7.4604" → 7 460 400 (× 1 000 000), by digits, no float. */
export function scaleRate(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/** Two rows of one batch for the same key would be an ambiguous (and, in SQL, failing) upsert. */
function requireUnique<T>(rows: readonly T[], key: (row: T) => string, field: string): void {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const value = key(row);
    if (seen.has(value)) {
      throw unprocessable('duplicate-row', `The batch contains ${value} twice.`, {
        field: `${field}.${index}`,
        value,
      });
    }
    seen.add(value);
  });
}

function missing(field: string, what: string, value: string) {
  return unprocessable('unknown-reference', `${what} ${value} does not exist.`, { field, value });
}

export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly catalog: PriceCatalog,
  ) {}

  private async write(count: number, work: (tx: Executor) => Promise<void>): Promise<AdminResult> {
    const version = await this.db.transaction(async (tx) => {
      await work(tx);
      return bumpVersion(tx);
    });
    this.catalog.invalidate();
    return { version, upserted: count };
  }

  async version(_context: PriceContext): Promise<number> {
    return (await this.catalog.snapshot()).version;
  }

  async priceLists(_context: PriceContext, body: z.output<typeof PriceListsBody>): Promise<AdminResult> {
    requireUnique(body.priceLists, (row) => row.id, 'priceLists');
    const rows = body.priceLists.map((list) => ({
      id: list.id,
      currency: list.currency,
      validFrom: date(list.validFrom),
      validTo: nullableDate(list.validTo),
    }));
    return this.write(rows.length, (tx) => upsertPriceLists(tx, rows));
  }

  async families(_context: PriceContext, body: z.output<typeof FamiliesBody>): Promise<AdminResult> {
    requireUnique(body.families, (row) => row.id, 'families');
    const rows = body.families.map((family) => ({
      id: family.id,
      productFamilyGroup: family.productFamilyGroup,
      basePrice: dkk(family.basePrice),
    }));
    return this.write(rows.length, (tx) => upsertFamilies(tx, rows));
  }

  async markups(_context: PriceContext, body: z.output<typeof MarkupsBody>): Promise<AdminResult> {
    const snapshot = await this.catalog.snapshot();
    body.markups.forEach((markup, index) => {
      if (!snapshot.families.has(markup.familyId))
        throw missing(`markups.${index}.familyId`, 'Product family', markup.familyId);
    });
    requireUnique(body.markups, (row) => `${row.familyId}/${row.facet}/${row.value}`, 'markups');
    const rows = body.markups.map((markup) => ({ ...markup, markup: dkk(markup.markup) }));
    return this.write(rows.length, (tx) => upsertMarkups(tx, rows));
  }

  async salesItems(_context: PriceContext, body: z.output<typeof SalesItemsBody>): Promise<AdminResult> {
    const snapshot = await this.catalog.snapshot();
    body.items.forEach((item, index) => {
      if (!snapshot.families.has(item.familyId))
        throw missing(`items.${index}.familyId`, 'Product family', item.familyId);
      if (!snapshot.priceLists.has(item.priceListId)) {
        throw missing(`items.${index}.priceListId`, 'Price list', item.priceListId);
      }
    });
    requireUnique(body.items, (row) => row.salesItemNumber, 'items');
    const rows = body.items.map((item) => ({
      salesItemNumber: item.salesItemNumber,
      familyId: item.familyId,
      priceListId: item.priceListId,
      grossPrice: dkk(item.grossPrice),
      active: item.active,
      shipWeightGrams: kgToGrams(item.shipWeightKg),
      configuration: item.configuration ?? {},
    }));
    return this.write(rows.length, (tx) => upsertItems(tx, rows));
  }

  async discountGroups(
    _context: PriceContext,
    body: z.output<typeof DiscountGroupsBody>,
  ): Promise<AdminResult> {
    const snapshot = await this.catalog.snapshot();
    body.discountGroups.forEach((group, index) => {
      requireSalesCompany(snapshot, `discountGroups.${index}`, group.salesCompanyId);
    });
    requireUnique(
      body.discountGroups,
      (row) => `${row.salesCompanyId}/${row.customerErpId ?? '*'}/${row.productFamilyGroup}`,
      'discountGroups',
    );
    const rows = body.discountGroups.map((group) => ({
      salesCompanyId: group.salesCompanyId,
      customerErpId: group.customerErpId ?? '',
      productFamilyGroup: group.productFamilyGroup,
      discountBasisPoints: percentToBasisPoints(group.discountPercent),
    }));
    return this.write(rows.length, (tx) => upsertDiscountGroups(tx, rows));
  }

  async netPrices(_context: PriceContext, body: z.output<typeof NetPricesBody>): Promise<AdminResult> {
    const snapshot = await this.catalog.snapshot();
    body.netPrices.forEach((agreement, index) => {
      requireSalesCompany(snapshot, `netPrices.${index}`, agreement.salesCompanyId);
      if (!snapshot.items.has(agreement.salesItemNumber)) {
        throw missing(`netPrices.${index}.salesItemNumber`, 'Sales item', agreement.salesItemNumber);
      }
    });
    requireUnique(body.netPrices, (row) => row.id, 'netPrices');
    const rows = body.netPrices.map((agreement) => ({
      id: agreement.id,
      salesCompanyId: agreement.salesCompanyId,
      customerErpId: agreement.customerErpId,
      salesItemNumber: agreement.salesItemNumber,
      currency: agreement.currency,
      price: toMinorUnits(agreement.price, agreement.currency),
      validFrom: date(agreement.validFrom),
      validTo: nullableDate(agreement.validTo),
    }));
    return this.write(rows.length, (tx) => upsertNetPrices(tx, rows));
  }

  async quantityBreaks(
    _context: PriceContext,
    body: z.output<typeof QuantityBreaksBody>,
  ): Promise<AdminResult> {
    const snapshot = await this.catalog.snapshot();
    const keys: string[] = [];
    const rows: { scheduleKey: string; minQuantity: number; discountBasisPoints: number }[] = [];
    body.schedules.forEach((schedule, index) => {
      let key: string;
      if (schedule.familyId !== undefined) {
        if (!snapshot.families.has(schedule.familyId)) {
          throw missing(`schedules.${index}.familyId`, 'Product family', schedule.familyId);
        }
        key = familyScheduleKey(schedule.familyId);
      } else {
        const number = schedule.salesItemNumber ?? '';
        if (!snapshot.items.has(number))
          throw missing(`schedules.${index}.salesItemNumber`, 'Sales item', number);
        key = itemScheduleKey(number);
      }
      keys.push(key);
      for (const entry of schedule.breaks) {
        rows.push({
          scheduleKey: key,
          minQuantity: entry.minQuantity,
          discountBasisPoints: percentToBasisPoints(entry.discountPercent),
        });
      }
    });
    requireUnique(keys, (key) => key, 'schedules');
    return this.write(rows.length, (tx) => replaceBreakSchedules(tx, keys, rows));
  }

  async exchangeRates(
    _context: PriceContext,
    body: z.output<typeof ExchangeRatesBody>,
  ): Promise<AdminResult> {
    const rows = body.rates.map((rate) => ({
      validFromMs: Date.parse(rate.validFrom),
      dkkPerEurScaled: scaleRate(rate.dkkPerEur),
    }));
    requireUnique(rows, (row) => new Date(row.validFromMs).toISOString(), 'rates');
    return this.write(rows.length, (tx) => upsertRates(tx, rows));
  }

  async vatRates(_context: PriceContext, body: z.output<typeof VatRatesBody>): Promise<AdminResult> {
    const rows = body.rates.map((rate) => ({
      countryCode: rate.country,
      rateBasisPoints: percentToBasisPoints(rate.ratePercent),
      euMember: rate.euMember,
    }));
    requireUnique(rows, (row) => row.countryCode, 'rates');
    return this.write(rows.length, (tx) => upsertVatRates(tx, rows));
  }

  async shipMethods(_context: PriceContext, body: z.output<typeof ShipMethodsBody>): Promise<AdminResult> {
    requireUnique(body.shipMethods, (row) => row.id, 'shipMethods');
    const methods = body.shipMethods.map((method) => ({
      id: method.id,
      name: method.name,
      countries: [...new Set(method.countries)],
      description: method.description,
      transitDays: method.transitDays,
      position: method.position,
      bands: method.bands.map((band) => ({
        maxWeightGrams: kgToGrams(band.maxWeightKg),
        costDkk: dkk(band.costDkk),
        costEur: toMinorUnits(band.costEur, 'EUR'),
      })),
    }));
    methods.forEach((method, index) => {
      requireUnique(method.bands, (band) => `${band.maxWeightGrams / 1000} kg`, `shipMethods.${index}.bands`);
    });
    return this.write(methods.length, (tx) => replaceShipMethods(tx, methods));
  }
}

function requireSalesCompany(snapshot: PriceSnapshot, at: string, salesCompanyId: string): void {
  if (!snapshot.salesCompanies.has(salesCompanyId)) {
    throw missing(`${at}.salesCompanyId`, 'Sales company', salesCompanyId);
  }
}
