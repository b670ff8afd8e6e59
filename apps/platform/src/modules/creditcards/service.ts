import type { Database } from '@actuate/service-kit';
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import {
  type ListDefinition,
  type ListOptions,
  type ListPage,
  listMeta,
} from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { creditCards } from './schema.ts';

export const CreditCardBody = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  Token: z.string().max(200).nullish(),
  CardType: z.string().max(50).nullish(),
  /** The last four digits, nothing more. */
  PartialAccountNumber: z
    .string()
    .regex(/^\d{4}$/, 'PartialAccountNumber holds the last four digits of the card only')
    .nullish(),
  CardholderName: z.string().max(100).nullish(),
  ExpirationDate: z.iso.datetime({ offset: true }).nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type CreditCardBody = z.infer<typeof CreditCardBody>;

type CardRow = typeof creditCards.$inferSelect;

const toCard = (row: CardRow) => ({
  ID: row.id,
  Editable: true,
  Token: row.token,
  DateCreated: row.dateCreated.toISOString(),
  CardType: row.cardType,
  PartialAccountNumber: row.partialAccountNumber,
  CardholderName: row.cardholderName,
  ExpirationDate: row.expirationDate?.toISOString() ?? null,
  xp: row.xp,
});
export type CreditCardEntity = ReturnType<typeof toCard>;

const cardList: ListDefinition = {
  fields: {
    ID: { column: creditCards.id, type: 'text' },
    CardType: { column: creditCards.cardType, type: 'text' },
    CardholderName: { column: creditCards.cardholderName, type: 'text' },
    PartialAccountNumber: { column: creditCards.partialAccountNumber, type: 'text' },
    ExpirationDate: { column: creditCards.expirationDate, type: 'date' },
    DateCreated: { column: creditCards.dateCreated, type: 'date' },
  },
  xp: creditCards.xp,
  searchOn: ['ID', 'CardholderName', 'CardType'],
  defaultSort: ['DateCreated'],
};

/** A run of 12–19 digits (spaces and dashes allowed between them) that passes the Luhn check. */
const PAN_CANDIDATE = /(?:\d[ -]?){12,18}\d/g;
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** True when any string in the value looks like a card number (DESIGN §4: the platform never holds one). */
export function containsCardNumber(value: unknown, depth = 0): boolean {
  if (depth > 10) return false;
  if (typeof value === 'string') {
    return (value.match(PAN_CANDIDATE) ?? []).some((match) => luhn(match.replace(/[ -]/g, '')));
  }
  if (Array.isArray(value)) return value.some((entry) => containsCardNumber(entry, depth + 1));
  if (value && typeof value === 'object')
    return Object.values(value).some((entry) => containsCardNumber(entry, depth + 1));
  return false;
}

/**
 * `/me/creditcards` (MeCreditCardAdmin): a buyer user's saved cards as the payment provider's token
 * plus type, holder, expiry and last four digits. Anything that looks like a card number is refused.
 */
export class CreditCardsService {
  constructor(private readonly db: Database) {}

  private mine(context: PlatformContext): SQL {
    return and(
      eq(creditCards.buyerId, context.caller.buyerId ?? ''),
      eq(creditCards.userId, context.caller.userId),
    ) as SQL;
  }

  private values(body: CreditCardBody) {
    if (containsCardNumber(body)) {
      // [inferred] OrderCloud stores tokens; ours refuses what would make the platform hold a card number.
      throw invalidRequest(
        'A credit card holds the payment provider token and the last four digits, never a card number.',
        {
          Field: 'CreditCard',
        },
      );
    }
    return {
      token: body.Token ?? null,
      cardType: body.CardType ?? null,
      partialAccountNumber: body.PartialAccountNumber ?? null,
      cardholderName: body.CardholderName ?? null,
      expirationDate: body.ExpirationDate ? new Date(body.ExpirationDate) : null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    };
  }

  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<CreditCardEntity>> {
    const { rows, totalCount } = await listRows(this.db, creditCards, cardList, options, this.mine(context));
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toCard) };
  }

  /** One of the caller's cards (404 for anyone else's). */
  async getMine(context: PlatformContext, id: string): Promise<CreditCardEntity> {
    const [row] = await this.db
      .select()
      .from(creditCards)
      .where(and(eq(creditCards.id, id), this.mine(context)));
    if (!row) throw notFoundError('CreditCard', id);
    return toCard(row);
  }

  /** Whether a card belongs to a buyer user (payments and subscriptions may only use their own). */
  async belongsTo(buyerId: string, userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: creditCards.id })
      .from(creditCards)
      .where(and(eq(creditCards.id, id), eq(creditCards.buyerId, buyerId), eq(creditCards.userId, userId)));
    return rows.length > 0;
  }

  /** Inserts a card of the caller; `taken` when the ID is already used (card IDs are marketplace-wide). */
  private async insertMine(
    context: PlatformContext,
    id: string,
    values: ReturnType<CreditCardsService['values']>,
  ): Promise<{ ok: true; row: CardRow } | { ok: false; reason: 'taken' }> {
    try {
      const [row] = await this.db
        .insert(creditCards)
        .values({
          id,
          buyerId: context.caller.buyerId ?? '',
          userId: context.caller.userId,
          dateCreated: context.now,
          ...values,
        })
        .returning();
      return { ok: true, row: row as CardRow };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
      throw error;
    }
  }

  async createMine(context: PlatformContext, body: CreditCardBody): Promise<CreditCardEntity> {
    const id = body.ID ?? newId();
    const inserted = await this.insertMine(context, id, this.values(body));
    if (!inserted.ok) throw idExistsError('CreditCard', id);
    return toCard(inserted.row);
  }

  /**
   * PUT: replaces one of the caller's cards, or creates it under that ID. An ID taken by someone
   * else's card answers NotFound, as reading it would, so PUT cannot probe other users' card IDs.
   */
  async saveMine(context: PlatformContext, id: string, body: CreditCardBody): Promise<CreditCardEntity> {
    const values = this.values(body);
    const [row] = await this.db
      .update(creditCards)
      .set(values)
      .where(and(eq(creditCards.id, id), this.mine(context)))
      .returning();
    if (row) return toCard(row);
    const inserted = await this.insertMine(context, id, values);
    if (!inserted.ok) throw notFoundError('CreditCard', id);
    return toCard(inserted.row);
  }

  async patchMine(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.getMine(context, id);
    return this.saveMine(context, id, parseEntity(CreditCardBody, applyPatch(current, { ...patch, ID: id })));
  }

  async deleteMine(context: PlatformContext, id: string): Promise<void> {
    const deleted = await this.db
      .delete(creditCards)
      .where(and(eq(creditCards.id, id), this.mine(context)))
      .returning();
    if (deleted.length === 0) throw notFoundError('CreditCard', id);
  }
}
