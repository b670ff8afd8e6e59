import { fromMinorUnits, type PriceBreak, PriceSchedule, toMinorUnits } from '@actuate/contracts';
import type { Database, RequestContext } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { invalidRequest, notFoundError } from '../../shared/errors.ts';
import { GenerationCache, type Generations } from '../../shared/generations.ts';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { MAX_QUANTITY, quantityTooLarge } from '../../shared/quantities.ts';
import { parseEntity } from '../../shared/validation.ts';
import { isOnSale } from '../pricing/index.ts';
import { findPriceScheduleRow, lockPriceSchedule, updatePriceBreaks } from './repository.ts';
import { priceSchedules, type StoredPriceBreak } from './schema.ts';

/** A schedule without a currency is in the marketplace's default currency (our choice). */
export const DEFAULT_CURRENCY = 'EUR';

type PriceScheduleRow = typeof priceSchedules.$inferSelect;
/** A schedule as written: its quantities (bounds and breaks) are line quantities, at most 9999. */
const BoundedPriceSchedule = PriceSchedule.superRefine((schedule, issues) => {
  const check = (value: number | null | undefined, path: (string | number)[]) => {
    if (value != null && value > MAX_QUANTITY)
      issues.addIssue({ code: 'custom', path, message: quantityTooLarge });
  };
  check(schedule.MinQuantity, ['MinQuantity']);
  check(schedule.MaxQuantity, ['MaxQuantity']);
  (schedule.PriceBreaks ?? []).forEach((priceBreak, index) => {
    check(priceBreak.Quantity, ['PriceBreaks', index, 'Quantity']);
  });
});

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
  /** Rows, not entities: IsOnSale depends on the time of each request. */
  private readonly rows: GenerationCache<string, PriceScheduleRow | undefined>;

  constructor(
    private readonly db: Database,
    private readonly generations: Generations,
  ) {
    this.rows = new GenerationCache(generations, 'price-schedules');
    this.store = new CrudStore(db, {
      objectType: 'PriceSchedule',
      table: priceSchedules,
      idColumn: priceSchedules.id,
      idKey: 'id',
      list: priceScheduleList,
      schema: BoundedPriceSchedule as never,
      toEntity: (row) => toPriceSchedule(row as PriceScheduleRow),
      toValues: (body) => toValues(body),
      afterWrite: (tx) => generations.bump(tx, 'price-schedules'),
    });
  }

  /**
   * `POST …/PriceBreaks`: adds the break, or replaces the one with the same Quantity, and answers the
   * schedule. The whole schedule is validated again (unique quantities, one from 1 on, prices in the
   * currency's minor units), and the generation moves in the same transaction: every instance prices
   * with the new break from its next request on.
   */
  savePriceBreak(
    _context: PlatformContext,
    scheduleId: string,
    priceBreak: PriceBreak,
  ): Promise<PriceScheduleEntity> {
    return this.changeBreaks(scheduleId, (breaks) => [
      ...breaks.filter((existing) => existing.Quantity !== priceBreak.Quantity),
      priceBreak,
    ]);
  }

  /** `DELETE …/PriceBreaks?quantity=N`; NotFound (ObjectType `PriceBreak`) when no break has it (our choice). */
  async deletePriceBreak(_context: PlatformContext, scheduleId: string, quantity: number): Promise<void> {
    await this.changeBreaks(scheduleId, (breaks) => {
      if (!breaks.some((existing) => existing.Quantity === quantity))
        throw notFoundError('PriceBreak', `${scheduleId}/${quantity}`);
      return breaks.filter((existing) => existing.Quantity !== quantity);
    });
  }

  private changeBreaks(
    scheduleId: string,
    change: (breaks: PriceBreak[]) => PriceBreak[],
  ): Promise<PriceScheduleEntity> {
    return this.generations.writing('price-schedules', async (tx) => {
      const row = await lockPriceSchedule(tx, scheduleId);
      if (!row) throw notFoundError('PriceSchedule', scheduleId);
      const { IsOnSale: _readOnly, ...current } = toPriceSchedule(row);
      const schedule = parseEntity(BoundedPriceSchedule, {
        ...current,
        PriceBreaks: change(current.PriceBreaks as PriceBreak[]),
      });
      const updated = await updatePriceBreaks(tx, scheduleId, toValues(schedule).priceBreaks);
      return toPriceSchedule(updated ?? row);
    });
  }

  /** Schedules by ID as this request sees them, for product lists and line items (rows cached). */
  async findMany(context: RequestContext, ids: string[]): Promise<Map<string, PriceScheduleEntity>> {
    const unique = [...new Set(ids)];
    // One product (a line item) is the hot path: cache it; a page of products reads in one query.
    if (unique.length !== 1) return this.store.findMany(unique);
    const id = unique[0] as string;
    const row = await this.rows.get(context, id, () => findPriceScheduleRow(this.db, id));
    return new Map(row ? [[id, toPriceSchedule(row)]] : []);
  }
}
