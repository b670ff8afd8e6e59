import type { Database, Executor } from '@actuate/service-kit';
import { z } from 'zod';
import { CrudStore } from '../../shared/crud.ts';
import { invalidRequest, notFoundError } from '../../shared/errors.ts';
import { ensureIncrementorRow, type IncrementorRow, incrementorList, takeNextNumber } from './repository.ts';
import { incrementors } from './schema.ts';

/** The incrementor that numbers orders created without an ID (six digits: 000001, 000002, …). */
export const ORDER_INCREMENTOR_ID = 'orderIncrementor';
const INCREMENTOR_TOKEN = /\{([A-Za-z0-9_-]+)\}/g;
/** OrderCloud IDs hold at most 100 characters, so a longer padding could never fit one (our bound). */
const MAX_PADDING = 100;

export const Incrementor = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'ID may contain only letters, digits, hyphen and underscore')
    .max(100)
    .optional(),
  Name: z.string().max(100).nullish(),
  /** The last number handed out; the next ID gets LastNumber + 1. */
  LastNumber: z
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER - 1),
  /** Minimum length of the number, left-padded with zeros (not a maximum: 99 → 100 with padding 2). */
  LeftPaddingCount: z.int().min(0).max(MAX_PADDING),
});
export type Incrementor = z.infer<typeof Incrementor>;

const toIncrementor = (row: IncrementorRow) => ({
  ID: row.id,
  Name: row.name,
  LastNumber: row.lastNumber,
  LeftPaddingCount: row.leftPaddingCount,
});
export type IncrementorEntity = ReturnType<typeof toIncrementor>;

/**
 * `/v1/incrementors` (IncrementorAdmin / IncrementorReader) and the numbers they hand out: an ID
 * template such as `PO-{orderIncrementor}` gets each `{incrementorID}` replaced by that incrementor's
 * next number, left-padded to LeftPaddingCount digits.
 */
export class IncrementorsService {
  readonly store: CrudStore<Incrementor, IncrementorEntity>;

  constructor(private readonly db: Database) {
    this.store = new CrudStore(db, {
      objectType: 'Incrementor',
      table: incrementors,
      idColumn: incrementors.id,
      idKey: 'id',
      list: incrementorList,
      schema: Incrementor,
      toEntity: (row) => toIncrementor(row as IncrementorRow),
      toValues: (body) => ({
        name: body.Name ?? null,
        lastNumber: body.LastNumber,
        leftPaddingCount: body.LeftPaddingCount,
      }),
      beforeDelete: async (_tx, id) => {
        // Our choice: every order created without an ID is numbered by it, so deleting it would make
        // carts fail to open, and re-creating it from 0 would hand out numbers already taken.
        if (id === ORDER_INCREMENTOR_ID)
          throw invalidRequest(`${ORDER_INCREMENTOR_ID} numbers the orders and cannot be deleted.`, {
            ObjectType: 'Incrementor',
            ObjectID: id,
          });
      },
    });
  }

  /** The built-in order incrementor, created on first start (an existing one is left as it is). */
  async ensureOrderIncrementor(): Promise<void> {
    await ensureIncrementorRow(this.db, {
      id: ORDER_INCREMENTOR_ID,
      name: 'Order numbers',
      leftPaddingCount: 6,
    });
  }

  /**
   * An ID template with every `{incrementorID}` replaced by that incrementor's next number, taken in
   * the caller's transaction (so the number is given back if the caller's write fails).
   * An unknown incrementor is `NotFound`.
   */
  async fillTemplate(tx: Executor, template: string): Promise<string> {
    let id = template;
    for (const [token, incrementorId] of template.matchAll(INCREMENTOR_TOKEN)) {
      const next = await takeNextNumber(tx, incrementorId as string);
      if (!next) throw notFoundError('Incrementor', incrementorId as string);
      id = id.replace(token, String(next.value).padStart(next.padding, '0'));
    }
    return id;
  }
}
