import { fromMinorUnits, toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { isoOrNull } from '../../shared/dates.ts';
import { invalidRequest, notFoundError } from '../../shared/errors.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UserMoveStep } from '../users/move.ts';
import type { UsersService } from '../users/service.ts';
import { deleteUserAssignments } from './repository.ts';
import { spendingAccountAssignments, spendingAccounts } from './schema.ts';

export const SpendingAccount = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  Name: z.string().min(1),
  Balance: z.number(),
  AllowAsPaymentMethod: z.boolean().default(true),
  StartDate: z.iso.datetime({ offset: true }).nullish(),
  EndDate: z.iso.datetime({ offset: true }).nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type SpendingAccount = z.infer<typeof SpendingAccount>;

export const SpendingAccountAssignment = z.object({
  SpendingAccountID: z.string().min(1),
  UserID: z.string().nullish(),
  UserGroupID: z.string().nullish(),
  AllowExceed: z.boolean().default(false),
});
export type SpendingAccountAssignment = z.infer<typeof SpendingAccountAssignment>;

type AccountRow = typeof spendingAccounts.$inferSelect;

const toAccount = (row: AccountRow) => ({
  ID: row.id,
  Name: row.name,
  Balance: fromMinorUnits(row.balance, row.currency),
  AllowAsPaymentMethod: row.allowAsPaymentMethod,
  RedemptionCode: null,
  StartDate: isoOrNull(row.startDate),
  EndDate: isoOrNull(row.endDate),
  xp: row.xp,
});

/** Spending accounts of buyers: who may pay with them, and the balance checked on submit (docs/domain.md, payments). */
export class SpendingService {
  readonly store: CrudStore<SpendingAccount, ReturnType<typeof toAccount>>;
  /** Each buyer's currency, read when a route first touches the buyer (balances are in it). */
  private readonly currencies = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
  ) {
    this.store = new CrudStore(db, {
      objectType: 'SpendingAccount',
      table: spendingAccounts,
      idColumn: spendingAccounts.id,
      idKey: 'id',
      parentColumn: spendingAccounts.buyerId,
      parentKey: 'buyerId',
      list: {
        fields: {
          ID: { column: spendingAccounts.id, type: 'text' },
          Name: { column: spendingAccounts.name, type: 'text' },
          AllowAsPaymentMethod: { column: spendingAccounts.allowAsPaymentMethod, type: 'boolean' },
        },
        xp: spendingAccounts.xp,
        searchOn: ['ID', 'Name'],
        defaultSort: ['Name'],
      },
      schema: SpendingAccount,
      toEntity: (row) => toAccount(row as AccountRow),
      toValues: (body, buyerId) => ({
        name: body.Name,
        currency: this.currencyOf(buyerId),
        balance: toMinorUnits(body.Balance, this.currencyOf(buyerId)),
        allowAsPaymentMethod: body.AllowAsPaymentMethod,
        startDate: body.StartDate ? new Date(body.StartDate) : null,
        endDate: body.EndDate ? new Date(body.EndDate) : null,
        xp: body.xp ?? {},
      }),
    });
  }

  /** A user moving to another buyer no longer pays with the old company's accounts assigned to them. */
  readonly userMove: UserMoveStep = {
    apply: (tx, move) => deleteUserAssignments(tx, move.fromBuyerId, move.userId),
  };

  /** Nested routes: the buyer exists; balances are kept in the buyer's currency. */
  async prepare(_context: PlatformContext, buyerId: string | undefined): Promise<void> {
    await this.buyers.assertExists(buyerId ?? '');
    this.currencies.set(buyerId ?? '', (await this.buyers.currencyOf(buyerId ?? '')) ?? 'EUR');
  }

  private currencyOf(buyerId: string | undefined): string {
    return this.currencies.get(buyerId ?? '') ?? 'EUR';
  }

  async saveAssignment(
    context: PlatformContext,
    buyerId: string,
    body: SpendingAccountAssignment,
  ): Promise<void> {
    await this.store.get(body.SpendingAccountID, buyerId);
    if (body.UserID && body.UserGroupID) throw invalidRequest('Assign to a user or a group, not both.');
    if (body.UserID) await this.users.get(context, buyerId, body.UserID);
    if (body.UserGroupID) await this.users.getGroup(context, buyerId, body.UserGroupID);
    const party = and(
      eq(spendingAccountAssignments.buyerId, buyerId),
      eq(spendingAccountAssignments.spendingAccountId, body.SpendingAccountID),
      body.UserID
        ? eq(spendingAccountAssignments.userId, body.UserID)
        : isNull(spendingAccountAssignments.userId),
      body.UserGroupID
        ? eq(spendingAccountAssignments.userGroupId, body.UserGroupID)
        : isNull(spendingAccountAssignments.userGroupId),
    );
    const updated = await this.db
      .update(spendingAccountAssignments)
      .set({ allowExceed: body.AllowExceed })
      .where(party)
      .returning({ id: spendingAccountAssignments.id });
    if (updated.length === 0) {
      await this.db.insert(spendingAccountAssignments).values({
        buyerId,
        spendingAccountId: body.SpendingAccountID,
        userId: body.UserID ?? null,
        userGroupId: body.UserGroupID ?? null,
        allowExceed: body.AllowExceed,
      });
    }
  }

  async listAssignments(_context: PlatformContext, buyerId: string, options: ListOptions) {
    const rows = await this.db
      .select()
      .from(spendingAccountAssignments)
      .where(eq(spendingAccountAssignments.buyerId, buyerId))
      .orderBy(spendingAccountAssignments.id);
    const items = rows.map((row) => ({
      SpendingAccountID: row.spendingAccountId,
      UserID: row.userId,
      UserGroupID: row.userGroupId,
      AllowExceed: row.allowExceed,
    }));
    const start = (options.page - 1) * options.pageSize;
    const page = items.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, items.length, page.length), Items: page };
  }

  /** Assignments reaching a user: to them, their groups or their company. */
  private reaching(buyerId: string, userId: string, groupIds: string[]): SQL {
    return and(
      eq(spendingAccountAssignments.buyerId, buyerId),
      or(
        eq(spendingAccountAssignments.userId, userId),
        groupIds.length > 0 ? inArray(spendingAccountAssignments.userGroupId, groupIds) : undefined,
        and(isNull(spendingAccountAssignments.userId), isNull(spendingAccountAssignments.userGroupId)),
      ),
    ) as SQL;
  }

  /** Accounts of the caller's company that `/me/spendingaccounts` shows them: assigned to them and not expired. */
  private async mine(context: PlatformContext, buyerId: string): Promise<SQL> {
    const groups = await this.users.groupIdsOf(buyerId, context.caller.userId);
    const assigned = sql`exists (select 1 from ${spendingAccountAssignments} where ${this.reaching(buyerId, context.caller.userId, groups)} and ${spendingAccountAssignments.spendingAccountId} = ${spendingAccounts.id})`;
    const current = sql`(${spendingAccounts.endDate} is null or ${spendingAccounts.endDate} > ${context.now.toISOString()}::timestamptz)`;
    return sql`${assigned} and ${current}`;
  }

  /** `/me/spendingaccounts`: accounts assigned to me that are not expired (expired ones are hidden). */
  async listMine(
    context: PlatformContext,
    options: ListOptions,
  ): Promise<ListPage<ReturnType<typeof toAccount>>> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) return { Meta: listMeta(options, 0, 0), Items: [] };
    return this.store.list(options, buyerId, await this.mine(context, buyerId));
  }

  /** `/me/spendingaccounts/{id}`: found exactly when the list shows it to the caller, else NotFound. */
  async getMine(context: PlatformContext, accountId: string): Promise<ReturnType<typeof toAccount>> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) throw notFoundError('SpendingAccount', accountId);
    return this.store.get(accountId, buyerId, await this.mine(context, buyerId));
  }

  /**
   * The account a user pays with, if they may: assigned to them, a payment method, and current.
   * Returns whether they may exceed the balance.
   */
  async usableBy(buyerId: string, userId: string, accountId: string, now: Date) {
    const [account] = await this.db
      .select()
      .from(spendingAccounts)
      .where(and(eq(spendingAccounts.buyerId, buyerId), eq(spendingAccounts.id, accountId)));
    const groups = await this.users.groupIdsOf(buyerId, userId);
    const assignments = account
      ? await this.db
          .select()
          .from(spendingAccountAssignments)
          .where(
            and(
              this.reaching(buyerId, userId, groups),
              eq(spendingAccountAssignments.spendingAccountId, accountId),
            ),
          )
      : [];
    if (!account || assignments.length === 0 || !account.allowAsPaymentMethod) {
      throw new HttpError(
        400,
        'Payment.InvalidSpendingAccountID',
        `Invalid SpendingAccountID: ${accountId}.`,
      );
    }
    const expired =
      (account.endDate && account.endDate <= now) || (account.startDate && account.startDate > now);
    if (expired)
      throw new HttpError(
        400,
        'Payment.CannotUseExpiredSpendingAccount',
        'Cannot use an expired spending account for payments.',
      );
    return { account, allowExceed: assignments.some((assignment) => assignment.allowExceed) };
  }

  /** Takes an amount (minor units) from the balance at submit; refuses to go below zero without AllowExceed. */
  async charge(
    tx: Executor,
    buyerId: string,
    accountId: string,
    amount: number,
    allowExceed: boolean,
  ): Promise<void> {
    const [account] = await tx
      .select()
      .from(spendingAccounts)
      .where(and(eq(spendingAccounts.buyerId, buyerId), eq(spendingAccounts.id, accountId)))
      .for('update');
    if (!account) throw notFoundError('SpendingAccount', accountId);
    if (amount > account.balance && !allowExceed) {
      throw new HttpError(400, 'Payment.ExceedsBalance', 'Payment exceeds Spending Account balance.', {
        Balance: fromMinorUnits(account.balance, account.currency),
      });
    }
    await tx
      .update(spendingAccounts)
      .set({ balance: account.balance - amount })
      .where(and(eq(spendingAccounts.buyerId, buyerId), eq(spendingAccounts.id, accountId)));
  }
}
