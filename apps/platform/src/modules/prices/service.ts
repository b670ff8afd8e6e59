import { fromMinorUnits, PriceSchedule, toMinorUnits } from '@actuate/contracts';
import type { Database } from '@actuate/service-kit';
import { CrudStore } from '../../shared/crud.ts';
import { invalidRequest } from '../../shared/errors.ts';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { isOnSale } from '../pricing/index.ts';
import { priceSchedules, type StoredPriceBreak } from './schema.ts';

/** [inferred] A schedule without a currency is in the marketplace's default currency. */
export const DEFAULT_CURRENCY = 'EUR';

type PriceScheduleRow = typeof priceSchedules.$inferSelect;
export type PriceScheduleEntity = PriceSchedule & { ID: string; Currency: string; IsOnSale: boolean };

const minor = (value: number | null | undefined, currency: string) =>
  value === null || value === undefined ? null : toMinorUnits(value, currency);
const decimal = (value: number | null, currency: string) =>
  value === null ? null : fromMinorUnits(value, currency);

export function toPriceSchedule(row: PriceScheduleRow, now = new Date()): PriceScheduleEntity {
  const currency = row.currency;
  const breaks = row.priceBreaks;
  return {
    ID: row.id,
    OwnerID: row.ownerId,
    Name: row.name,
    ApplyTax: row.applyTax,
    ApplyShipping: row.applyShipping,
    MinQuantity: row.minQuantity,
    MaxQuantity: row.maxQuantity,
    UseCumulativeQuantity: row.useCumulativeQuantity,
    RestrictedQuantity: row.restrictedQuantity,
    PriceBreaks: breaks.map((priceBreak) => ({
      Quantity: priceBreak.Quantity,
      Price: fromMinorUnits(priceBreak.Price, currency),
      SalePrice: decimal(priceBreak.SalePrice, currency),
      SubscriptionPrice: decimal(priceBreak.SubscriptionPrice, currency),
      BundlePrice: decimal(priceBreak.BundlePrice, currency),
    })),
    Currency: currency,
    SaleStart: row.saleStart?.toISOString() ?? null,
    SaleEnd: row.saleEnd?.toISOString() ?? null,
    IsOnSale: isOnSale({ PriceBreaks: breaks, SaleStart: row.saleStart, SaleEnd: row.saleEnd }, now),
    xp: row.xp,
  };
}

function toValues(schedule: PriceSchedule) {
  const currency = schedule.Currency ?? DEFAULT_CURRENCY;
  let priceBreaks: StoredPriceBreak[];
  try {
    priceBreaks = schedule.PriceBreaks.map((priceBreak) => ({
      Quantity: priceBreak.Quantity,
      Price: toMinorUnits(priceBreak.Price, currency),
      SalePrice: minor(priceBreak.SalePrice, currency),
      SubscriptionPrice: minor(priceBreak.SubscriptionPrice, currency),
      BundlePrice: minor(priceBreak.BundlePrice, currency),
    }));
  } catch (error) {
    throw invalidRequest(`Invalid price for ${currency}: ${(error as Error).message}`, {
      Field: 'PriceBreaks',
    });
  }
  return {
    ownerId: schedule.OwnerID ?? null,
    name: schedule.Name,
    applyTax: schedule.ApplyTax ?? false,
    applyShipping: schedule.ApplyShipping ?? false,
    minQuantity: schedule.MinQuantity ?? null,
    maxQuantity: schedule.MaxQuantity ?? null,
    useCumulativeQuantity: schedule.UseCumulativeQuantity ?? false,
    restrictedQuantity: schedule.RestrictedQuantity ?? false,
    currency,
    saleStart: schedule.SaleStart ? new Date(schedule.SaleStart) : null,
    saleEnd: schedule.SaleEnd ? new Date(schedule.SaleEnd) : null,
    priceBreaks: [...priceBreaks].sort((a, b) => a.Quantity - b.Quantity),
    xp: schedule.xp ?? {},
  };
}

const priceScheduleList: ListDefinition = {
  fields: {
    ID: { column: priceSchedules.id, type: 'text' },
    Name: { column: priceSchedules.name, type: 'text' },
    Currency: { column: priceSchedules.currency, type: 'text' },
    MinQuantity: { column: priceSchedules.minQuantity, type: 'number' },
    MaxQuantity: { column: priceSchedules.maxQuantity, type: 'number' },
    SaleStart: { column: priceSchedules.saleStart, type: 'date' },
    SaleEnd: { column: priceSchedules.saleEnd, type: 'date' },
  },
  xp: priceSchedules.xp,
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
};

/** Price schedules with their breaks (stored in minor units) and sale dates. */
export class PricesService {
  readonly store: CrudStore<PriceSchedule & Record<string, unknown>, PriceScheduleEntity>;

  constructor(db: Database) {
    this.store = new CrudStore(db, {
      objectType: 'PriceSchedule',
      table: priceSchedules,
      idColumn: priceSchedules.id,
      idKey: 'id',
      list: priceScheduleList,
      schema: PriceSchedule as never,
      toEntity: (row) => toPriceSchedule(row as PriceScheduleRow),
      toValues: (body) => toValues(body),
    });
  }

  /** Schedules by ID, for product lists and line items. */
  findMany(ids: string[]): Promise<Map<string, PriceScheduleEntity>> {
    return this.store.findMany(ids);
  }
}
