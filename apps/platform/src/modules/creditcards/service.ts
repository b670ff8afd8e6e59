import type { Database } from '@actuate/service-kit';
import { forbidden } from '@actuate/service-kit';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { BuyerAssignments } from '../../shared/party-assignments.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UserMoveStep } from '../users/move.ts';
import type { UsersService } from '../users/service.ts';
import {
  assignments,
  type CardRow,
  type CardValues,
  cardList,
  deletePersonalCardRow,
  findCardRow,
  insertCardRow,
  isCompanyCard,
  listCardRows,
  movePersonalCards,
  myCardList,
  updatePersonalCardRow,
  usableBy,
} from './repository.ts';
import { type creditCardAssignments, creditCards } from './schema.ts';

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

/** OrderCloud's CreditCardAssignment: to a user, a user group, or the whole company (neither). */
export const CreditCardAssignment = z.object({
  CreditCardID: z.string().min(1),
  UserID: z.string().nullish(),
  UserGroupID: z.string().nullish(),
});
export type CreditCardAssignment = z.infer<typeof CreditCardAssignment>;

/** A card as the admin endpoints show it (OrderCloud CreditCard). */
const toCompanyCard = (row: CardRow) => ({
  ID: row.id,
  Token: row.token,
  DateCreated: row.dateCreated.toISOString(),
  CardType: row.cardType,
  PartialAccountNumber: row.partialAccountNumber,
  CardholderName: row.cardholderName,
  ExpirationDate: row.expirationDate?.toISOString() ?? null,
  xp: row.xp,
});
export type CompanyCardEntity = ReturnType<typeof toCompanyCard>;

/** A card as its user sees it (OrderCloud BuyerCreditCard): Editable for their own, not for an assigned one. */
const toCard = (row: CardRow) => ({ Editable: row.userId !== null, ...toCompanyCard(row) });
export type CreditCardEntity = ReturnType<typeof toCard>;

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

/** True when any string in the value looks like a card number (the platform never holds one: docs/architecture.md, security model). */
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

/** The stored values of a card; anything that looks like a card number is refused. */
function cardValues(body: CreditCardBody): CardValues {
  if (containsCardNumber(body)) {
    // OrderCloud stores tokens; ours also refuses what would make the platform hold a card number (our choice).
    throw invalidRequest(
      'A credit card holds the payment provider token and the last four digits, never a card number.',
      { Field: 'CreditCard' },
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

/** A company card assigned to the caller: visible to them through /me, not editable there. */
const cannotEditPublic = () =>
  forbidden(
    'CreditCard.CannotEditPublic',
    'This Credit Card is registered as public and cannot be edited by this endpoint.',
  );

/**
 * Credit cards of buyers, as the payment provider's token plus type, holder, expiry and last four
 * digits; anything that looks like a card number is refused, on every endpoint.
 * - `/me/creditcards` (read: Shopper or MeCreditCardAdmin; write: MeCreditCardAdmin): a user's own
 *   cards, private to them, plus the company cards assigned to them (read-only there).
 * - `/buyers/{id}/creditcards` (CreditCardAdmin / CreditCardReader): the company cards, and their
 *   assignments to users, groups or the whole company. Personal cards never show there (our reading:
 *   OrderCloud calls them "private, and only accessible to the user who created them").
 * A payment or subscription may name any card the user may see (`usableBy`).
 */
export class CreditCardsService {
  readonly companyCards: CrudStore<CreditCardBody, CompanyCardEntity>;
  readonly assignments: BuyerAssignments<typeof creditCardAssignments, CreditCardAssignment>;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
  ) {
    this.companyCards = new CrudStore(db, {
      objectType: 'CreditCard',
      table: creditCards,
      idColumn: creditCards.id,
      idKey: 'id',
      parentColumn: creditCards.buyerId,
      parentKey: 'buyerId',
      scope: isCompanyCard,
      list: cardList,
      schema: CreditCardBody,
      toEntity: (row) => toCompanyCard(row as CardRow),
      toValues: (body) => cardValues(body),
      // Nobody may pay with a deleted card, nor with a new one that later takes its ID.
      beforeDelete: async (tx, id, buyerId) => {
        await assignments.remove(tx, buyerId ?? '', id);
      },
    });
    this.assignments = new BuyerAssignments(db, assignments, users, {
      objectType: 'CreditCardAssignment',
      usersAllowed: true,
      resourceIdOf: (body) => body.CreditCardID,
      assertBuyer: (context, buyerId) => this.prepare(context, buyerId),
      // Only company cards: a personal card is NotFound here, so nobody can share someone's own card.
      assertResource: (buyerId, id) => this.companyCards.get(id, buyerId),
      toItem: (row) => ({ CreditCardID: row.creditCardId, UserID: row.userId, UserGroupID: row.userGroupId }),
    });
  }

  /**
   * A user moving to another buyer takes their personal cards along (our choice); the old company's
   * cards assigned to them are no longer theirs to use.
   */
  readonly userMove: UserMoveStep = {
    apply: async (tx, move) => {
      await movePersonalCards(tx, move);
      await assignments.removeParty(tx, move.fromBuyerId, { userId: move.userId, userGroupId: null });
    },
  };

  // --- /me/creditcards ---------------------------------------------------------------------------

  private owner(context: PlatformContext) {
    return { buyerId: context.caller.buyerId ?? '', userId: context.caller.userId };
  }

  /** The cards the caller sees: their own and those assigned to them, their groups or their company. */
  private async mine(context: PlatformContext) {
    const { buyerId, userId } = this.owner(context);
    const groupIds = buyerId ? await this.users.groupIdsFor(context, buyerId, userId) : [];
    return usableBy(buyerId, userId, groupIds);
  }

  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<CreditCardEntity>> {
    const { rows, totalCount } = await listCardRows(this.db, myCardList, options, await this.mine(context));
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toCard) };
  }

  /** One card the caller sees (404 for anyone else's, and for company cards not assigned to them). */
  async getMine(context: PlatformContext, id: string): Promise<CreditCardEntity> {
    const row = await findCardRow(this.db, id, await this.mine(context));
    if (!row) throw notFoundError('CreditCard', id);
    return toCard(row);
  }

  /** Inserts a personal card of the caller; undefined when the ID is taken (card IDs are marketplace-wide). */
  private insertMine(context: PlatformContext, id: string, values: CardValues) {
    return insertCardRow(this.db, { id, ...this.owner(context), dateCreated: context.now, ...values });
  }

  async createMine(context: PlatformContext, body: CreditCardBody): Promise<CreditCardEntity> {
    const id = body.ID ?? newId();
    const row = await this.insertMine(context, id, cardValues(body));
    if (!row) throw idExistsError('CreditCard', id);
    return toCard(row);
  }

  /**
   * PUT: replaces one of the caller's cards, or creates it under that ID. An ID taken by a card the
   * caller cannot see answers NotFound, as reading it would, so PUT cannot probe other users' card
   * IDs; a company card assigned to them is CreditCard.CannotEditPublic.
   */
  async saveMine(context: PlatformContext, id: string, body: CreditCardBody): Promise<CreditCardEntity> {
    const values = cardValues(body);
    const updated = await updatePersonalCardRow(this.db, this.owner(context), id, values);
    if (updated) return toCard(updated);
    if (await findCardRow(this.db, id, await this.mine(context))) throw cannotEditPublic();
    const inserted = await this.insertMine(context, id, values);
    if (!inserted) throw notFoundError('CreditCard', id);
    return toCard(inserted);
  }

  async patchMine(context: PlatformContext, id: string, patch: Record<string, unknown>) {
    const current = await this.getMine(context, id);
    if (!current.Editable) throw cannotEditPublic();
    return this.saveMine(context, id, parseEntity(CreditCardBody, applyPatch(current, { ...patch, ID: id })));
  }

  async deleteMine(context: PlatformContext, id: string): Promise<void> {
    if (await deletePersonalCardRow(this.db, this.owner(context), id)) return;
    if (await findCardRow(this.db, id, await this.mine(context))) throw cannotEditPublic();
    throw notFoundError('CreditCard', id);
  }

  // --- /buyers/{id}/creditcards --------------------------------------------------------------------

  /** Nested routes: the buyer exists (404 Buyer otherwise). */
  async prepare(_context: PlatformContext, buyerId: string | undefined): Promise<void> {
    await this.buyers.assertExists(buyerId ?? '');
  }

  // --- for payments and subscriptions ----------------------------------------------------------------

  /** Whether a buyer user may pay with a card: their own, or a company card assigned to them, a group of theirs or their company. */
  async usableBy(buyerId: string, userId: string, id: string): Promise<boolean> {
    const groupIds = await this.users.groupIdsOf(buyerId, userId);
    return (await findCardRow(this.db, id, usableBy(buyerId, userId, groupIds))) !== undefined;
  }
}
