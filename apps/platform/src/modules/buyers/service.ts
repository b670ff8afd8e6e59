import { Buyer } from '@actuate/contracts';
import type { Database, Executor } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, notFoundError } from '../../shared/errors.ts';
import { GenerationCache, type Generations } from '../../shared/generations.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { FieldOwnership } from '../auth/ownership.ts';
import {
  type BuyerRow,
  deleteBuyerRow,
  findBuyerRow,
  insertBuyerRow,
  listBuyerRows,
  type NewBuyerRow,
  updateBuyerRow,
} from './repository.ts';

export type BuyerEntity = Buyer & {
  ID: string;
  Active: boolean;
  DateCreated: string;
  xp: Record<string, unknown>;
};

export const toBuyer = (row: BuyerRow): BuyerEntity => ({
  ID: row.id,
  Name: row.name,
  DefaultCatalogID: row.defaultCatalogId,
  Active: row.active,
  DateCreated: row.dateCreated.toISOString(),
  xp: row.xp as BuyerEntity['xp'],
});

const toRow = (buyer: Buyer): Omit<NewBuyerRow, 'id'> => ({
  name: buyer.Name,
  defaultCatalogId: buyer.DefaultCatalogID ?? null,
  active: buyer.Active ?? true,
  xp: (buyer.xp ?? {}) as Record<string, unknown>,
});

/** Buyer companies (OrderCloud `Buyer` with the BuyerCompany extension in xp). */
export class BuyersService {
  /** DefaultCatalogID by buyer (null: none; undefined: no such buyer), per `buyers` generation. */
  private readonly defaultCatalogs: GenerationCache<string, string | null | undefined>;

  constructor(
    private readonly db: Database,
    private readonly generations: Generations,
    private readonly ownership = new FieldOwnership(),
  ) {
    this.defaultCatalogs = new GenerationCache(generations, 'buyers');
  }

  /** Writes move the `buyers` generation in their transaction, so no instance keeps a stale buyer. */
  private write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.generations.writing('buyers', work);
  }

  async list(_context: PlatformContext, options: ListOptions): Promise<ListPage<BuyerEntity>> {
    const { rows, totalCount } = await listBuyerRows(this.db, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toBuyer) };
  }

  async get(_context: PlatformContext, buyerId: string): Promise<BuyerEntity> {
    const row = await findBuyerRow(this.db, buyerId);
    if (!row) throw notFoundError('Buyer', buyerId);
    return toBuyer(row);
  }

  /** The buyer's DefaultCatalogID as this request sees it (cached); NotFound for no such buyer. */
  async defaultCatalogFor(context: PlatformContext, buyerId: string): Promise<string | null> {
    const found = await this.defaultCatalogs.get(context, buyerId, async () => {
      const row = await findBuyerRow(this.db, buyerId);
      return row ? row.defaultCatalogId : undefined;
    });
    if (found === undefined) throw notFoundError('Buyer', buyerId);
    return found;
  }

  /** Throws NotFound unless the buyer exists; other modules call it before touching a buyer's data. */
  async assertExists(buyerId: string): Promise<void> {
    if (!(await findBuyerRow(this.db, buyerId))) throw notFoundError('Buyer', buyerId);
  }

  /** The currency a buyer's users shop in (BuyerCompany extension), if it has one. */
  async currencyOf(buyerId: string): Promise<string | undefined> {
    const row = await findBuyerRow(this.db, buyerId);
    const currency = row?.xp.Currency;
    return typeof currency === 'string' ? currency : undefined;
  }

  /** The ERP sales company a buyer belongs to (BuyerCompany extension), if it has one. */
  async salesCompanyOf(buyerId: string, executor: Executor = this.db): Promise<string | undefined> {
    const salesCompanyId = (await findBuyerRow(executor, buyerId))?.xp.SalesCompanyId;
    return typeof salesCompanyId === 'string' ? salesCompanyId : undefined;
  }

  /** The buyer's DefaultCatalogID; `executor` lets another module's transaction read it (PGlite has one connection). */
  async defaultCatalogOf(buyerId: string, executor: Executor = this.db): Promise<string | null> {
    return (await findBuyerRow(executor, buyerId))?.defaultCatalogId ?? null;
  }

  async create(context: PlatformContext, body: Buyer): Promise<BuyerEntity> {
    const id = body.ID ?? newId();
    const owned = this.withOwnedXp(context, id, undefined, body);
    try {
      return toBuyer(await this.write((tx) => insertBuyerRow(tx, { id, ...toRow(owned) })));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('Buyer', id);
      throw error;
    }
  }

  /** PUT: creates the buyer or replaces every writable field. */
  async save(context: PlatformContext, buyerId: string, body: Buyer): Promise<BuyerEntity> {
    const stored = await findBuyerRow(this.db, buyerId);
    if (!stored) return this.create(context, { ...body, ID: buyerId });
    const owned = this.withOwnedXp(context, buyerId, stored.xp, body);
    const updated = await this.write((tx) => updateBuyerRow(tx, buyerId, toRow(owned)));
    return updated ? toBuyer(updated) : this.create(context, { ...body, ID: buyerId });
  }

  async patch(
    context: PlatformContext,
    buyerId: string,
    patch: Record<string, unknown>,
  ): Promise<BuyerEntity> {
    const current = await this.get(context, buyerId);
    const next = this.withOwnedXp(
      context,
      buyerId,
      current.xp,
      applyPatch(current, { ...patch, ID: buyerId }),
    );
    const merged = parseEntity(Buyer, next);
    const updated = await this.write((tx) => updateBuyerRow(tx, buyerId, toRow(merged)));
    if (!updated) throw notFoundError('Buyer', buyerId);
    return toBuyer(updated);
  }

  /** The buyer with the xp the caller may store (the ERP's and CRM's fields are the integration's). */
  private withOwnedXp<T extends { xp?: unknown }>(
    context: PlatformContext,
    buyerId: string,
    stored: Record<string, unknown> | undefined,
    next: T,
  ): T {
    return this.ownership.withOwnedXp(context, { object: 'Buyer', id: buyerId }, stored, next);
  }

  async delete(_context: PlatformContext, buyerId: string): Promise<void> {
    if (!(await this.write((tx) => deleteBuyerRow(tx, buyerId)))) throw notFoundError('Buyer', buyerId);
  }
}
