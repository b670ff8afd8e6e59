import type { Executor } from '@actuate/service-kit';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { PartyAssignments } from '../../shared/party-assignments.ts';
import { creditCardAssignments, creditCards } from './schema.ts';

export type CardRow = typeof creditCards.$inferSelect;
export type NewCardRow = typeof creditCards.$inferInsert;
export type CardValues = Omit<NewCardRow, 'id' | 'buyerId' | 'userId' | 'dateCreated'>;

export const cardList: ListDefinition = {
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

/** `/me/creditcards` also filters on `Editable`: in a user's view, a card with a user is their own. */
export const myCardList: ListDefinition = {
  ...cardList,
  fields: { ...cardList.fields, Editable: { column: isNotNull(creditCards.userId), type: 'boolean' } },
};

/** Cards managed through `/buyers/{id}/creditcards`: the company's, not anyone's personal card. */
export const isCompanyCard: SQL = isNull(creditCards.userId);

/** Who may pay with a company card. */
export const assignments = new PartyAssignments(
  creditCardAssignments,
  {
    id: creditCardAssignments.id,
    buyerId: creditCardAssignments.buyerId,
    resourceId: creditCardAssignments.creditCardId,
    userId: creditCardAssignments.userId,
    userGroupId: creditCardAssignments.userGroupId,
  },
  { buyerId: 'buyerId', resourceId: 'creditCardId', userId: 'userId', userGroupId: 'userGroupId' },
);

/** The user's own cards. */
const personal = (buyerId: string, userId: string): SQL =>
  and(eq(creditCards.buyerId, buyerId), eq(creditCards.userId, userId)) as SQL;

/** Cards a user may see and pay with: their own, and company cards assigned to them, a group of theirs or the company. */
export const usableBy = (buyerId: string, userId: string, groupIds: readonly string[]): SQL =>
  sql`(${personal(buyerId, userId)} or (${eq(creditCards.buyerId, buyerId)} and ${isCompanyCard} and ${assignments.reaching(creditCards.id, buyerId, userId, groupIds)}))`;

export const listCardRows = (db: Executor, definition: ListDefinition, options: ListOptions, scope: SQL) =>
  listRows(db, creditCards, definition, options, scope);

export async function findCardRow(db: Executor, id: string, scope: SQL): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(creditCards)
    .where(and(eq(creditCards.id, id), scope));
  return row;
}

/** Inserts a card; undefined when its ID is taken in the buyer. */
export async function insertCardRow(db: Executor, row: NewCardRow): Promise<CardRow | undefined> {
  const [inserted] = await db.insert(creditCards).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePersonalCardRow(
  db: Executor,
  owner: { buyerId: string; userId: string },
  id: string,
  values: CardValues,
): Promise<CardRow | undefined> {
  const [row] = await db
    .update(creditCards)
    .set(values)
    .where(and(eq(creditCards.id, id), personal(owner.buyerId, owner.userId)))
    .returning();
  return row;
}

export async function deletePersonalCardRow(
  db: Executor,
  owner: { buyerId: string; userId: string },
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(creditCards)
    .where(and(eq(creditCards.id, id), personal(owner.buyerId, owner.userId)))
    .returning({ id: creditCards.id });
  return deleted.length > 0;
}

/** A user moving to another buyer: their personal cards go along (card IDs are marketplace-wide). */
export async function movePersonalCards(
  db: Executor,
  move: { userId: string; fromBuyerId: string; toBuyerId: string },
): Promise<void> {
  await db
    .update(creditCards)
    .set({ buyerId: move.toBuyerId })
    .where(personal(move.fromBuyerId, move.userId));
}
