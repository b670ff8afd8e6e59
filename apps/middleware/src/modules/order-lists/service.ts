import {
  type CreateOrderList,
  MAX_ORDER_LIST_LINES,
  MAX_ORDER_LISTS_PER_USER,
  MAX_QUICK_ORDER_QUANTITY,
  ORDERABLE_PRODUCT_STATE,
  type OrderListCartResult,
  type OrderListDetail,
  type OrderListIndex,
  type OrderListLine,
  type OrderListSpec,
  type OrderListSummary,
  productStateFor,
} from '@actuate/contracts';
import {
  type Database,
  err,
  forbidden,
  ok,
  type RequestContext,
  type Result,
  unauthorized,
} from '@actuate/service-kit';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CartWriter } from '../quick-order/cart-writer.ts';
import type { QuickOrderCatalogue, SeenProduct } from '../quick-order/catalogue.ts';
import * as repo from './repository.ts';

/** Who calls, from the buyer's token (`/v1/me`): never from the request body. */
export interface ListCaller {
  token: string;
  userId: string;
  buyerId: string;
  name: string | null;
  salesCompanyId: string | undefined;
}

/** Expected refusals; the route turns each into a problem-details answer. */
export type ListRefusal =
  | { code: 'order-list-not-found' }
  | { code: 'not-list-owner' }
  | { code: 'too-many-lists' }
  | { code: 'list-full' }
  | { code: 'unknown-items'; items: string[] }
  | { code: 'unknown-lines' };

const sameSpecs = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** New lines merged into existing ones: the same item with the same configuration adds its quantity. */
function mergeLines(existing: repo.OrderListLineRow[], incoming: repo.NewLine[]) {
  const raised = new Map<string, number>();
  const added: repo.NewLine[] = [];
  for (const line of incoming.map((entry) => ({ ...entry, productId: entry.productId.toUpperCase() }))) {
    const match =
      existing.find((row) => row.productId === line.productId && sameSpecs(row.specs, line.specs)) ?? null;
    if (match) {
      const now = raised.get(match.id) ?? match.quantity;
      raised.set(match.id, Math.min(MAX_QUICK_ORDER_QUANTITY, now + line.quantity));
      continue;
    }
    const twin = added.find((row) => row.productId === line.productId && sameSpecs(row.specs, line.specs));
    if (twin) twin.quantity = Math.min(MAX_QUICK_ORDER_QUANTITY, twin.quantity + line.quantity);
    else added.push({ ...line });
  }
  return { raised, added };
}

/**
 * Order lists: a private list is seen by its owner only, a shared one by every user of the owner's
 * company (read, add to cart); only the owner changes a list. A list the caller may not see answers
 * exactly as one that does not exist.
 */
export class OrderListService {
  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
    private readonly catalogue: QuickOrderCatalogue,
    private readonly cart: CartWriter,
  ) {}

  async callerOf(token: string): Promise<ListCaller> {
    const me = await this.platform.getMe(token);
    if (!me) throw unauthorized('invalid-token', 'The platform token is not valid.');
    const buyerId = me.Buyer?.ID;
    if (!buyerId || me.Active === false || !(me.AvailableRoles ?? []).includes('Shopper'))
      throw forbidden('not-a-shopper', 'Only a buyer user with the Shopper role keeps order lists.');
    const company = await this.platform.getBuyer(buyerId);
    const salesCompanyId = company?.xp?.SalesCompanyId;
    const name = [me.FirstName, me.LastName].filter(Boolean).join(' ');
    return {
      token,
      userId: me.ID,
      buyerId,
      name: name || null,
      salesCompanyId: typeof salesCompanyId === 'string' ? salesCompanyId : undefined,
    };
  }

  async index(_context: RequestContext, caller: ListCaller): Promise<OrderListIndex> {
    const rows = await repo.listsVisibleTo(this.db, caller.userId, caller.buyerId);
    const summaries = rows.map((row) => summaryOf(row, row.lineCount, caller));
    return {
      mine: summaries.filter((list) => list.mine),
      shared: summaries.filter((list) => !list.mine),
    };
  }

  async create(
    context: RequestContext,
    caller: ListCaller,
    body: Required<Pick<CreateOrderList, 'name' | 'shared'>> & { lines: repo.NewLine[] },
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    if ((await repo.countOwnedBy(this.db, caller.userId)) >= MAX_ORDER_LISTS_PER_USER)
      return err({ code: 'too-many-lists' });
    const { added } = mergeLines([], body.lines);
    const unknown = await this.unseen(caller, added);
    if (unknown.length > 0) return err({ code: 'unknown-items', items: unknown });
    const list = await this.db.transaction(async (tx) => {
      const row = await repo.insertList(tx, {
        ownerUserId: caller.userId,
        buyerId: caller.buyerId,
        ownerName: caller.name,
        name: body.name,
        shared: body.shared,
      });
      await repo.insertLines(tx, row.id, added);
      return row;
    });
    return this.detail(context, caller, list.id);
  }

  async detail(
    _context: RequestContext,
    caller: ListCaller,
    id: string,
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    const list = await this.visible(caller, id);
    if (!list) return err({ code: 'order-list-not-found' });
    const lines = await repo.linesOf(this.db, id);
    const seen = await this.catalogue.seenBy(caller.token, [...new Set(lines.map((line) => line.productId))]);
    return ok({
      ...summaryOf(list, lines.length, caller),
      lines: lines.map((line) => lineOf(line, seen.get(line.productId), caller.salesCompanyId)),
    });
  }

  async update(
    context: RequestContext,
    caller: ListCaller,
    id: string,
    changes: { name?: string | undefined; shared?: boolean | undefined },
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    const owned = await this.owned(caller, id);
    if (!owned.ok) return owned;
    await repo.updateList(this.db, id, {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.shared === undefined ? {} : { shared: changes.shared }),
      ownerName: caller.name,
    });
    return this.detail(context, caller, id);
  }

  async remove(_context: RequestContext, caller: ListCaller, id: string): Promise<Result<null, ListRefusal>> {
    const owned = await this.owned(caller, id);
    if (!owned.ok) return owned;
    await repo.deleteList(this.db, id);
    return ok(null);
  }

  async addLines(
    context: RequestContext,
    caller: ListCaller,
    id: string,
    lines: repo.NewLine[],
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    const owned = await this.owned(caller, id);
    if (!owned.ok) return owned;
    const existing = await repo.linesOf(this.db, id);
    const { raised, added } = mergeLines(existing, lines);
    if (existing.length + added.length > MAX_ORDER_LIST_LINES) return err({ code: 'list-full' });
    const unknown = await this.unseen(caller, added);
    if (unknown.length > 0) return err({ code: 'unknown-items', items: unknown });
    await this.db.transaction(async (tx) => {
      for (const [lineId, quantity] of raised) await repo.setLineQuantity(tx, id, lineId, quantity);
      await repo.insertLines(tx, id, added);
      await repo.updateList(tx, id, { ownerName: caller.name });
    });
    return this.detail(context, caller, id);
  }

  async setQuantity(
    context: RequestContext,
    caller: ListCaller,
    id: string,
    lineId: string,
    quantity: number,
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    const owned = await this.owned(caller, id);
    if (!owned.ok) return owned;
    if (!(await repo.setLineQuantity(this.db, id, lineId, quantity))) return err({ code: 'unknown-lines' });
    await repo.updateList(this.db, id, {});
    return this.detail(context, caller, id);
  }

  async removeLine(
    context: RequestContext,
    caller: ListCaller,
    id: string,
    lineId: string,
  ): Promise<Result<OrderListDetail, ListRefusal>> {
    const owned = await this.owned(caller, id);
    if (!owned.ok) return owned;
    if (!(await repo.deleteLines(this.db, id, [lineId]))) return err({ code: 'unknown-lines' });
    await repo.updateList(this.db, id, {});
    return this.detail(context, caller, id);
  }

  /**
   * Adds the list's orderable lines (or the chosen ones) to the caller's own cart with the caller's
   * token, priced once; lines out of sale or out of the caller's catalogue are skipped and named.
   */
  async toCart(
    context: RequestContext,
    caller: ListCaller,
    id: string,
    lineIds: string[] | undefined,
  ): Promise<Result<OrderListCartResult, ListRefusal>> {
    const found = await this.detail(context, caller, id);
    if (!found.ok) return found;
    const wanted = lineIds ? new Set(lineIds) : null;
    const chosen = wanted ? found.value.lines.filter((line) => wanted.has(line.id)) : found.value.lines;
    if (wanted && chosen.length !== wanted.size) return err({ code: 'unknown-lines' });
    const skipped: OrderListCartResult['skipped'] = chosen
      .filter((line) => line.status !== 'ok')
      .map((line) => ({ lineId: line.id, reason: line.status }));
    const orderable = chosen.filter((line) => line.status === 'ok');
    if (orderable.length === 0) return ok({ orderId: null, added: 0, skipped });
    const orderId = await this.cart.cartOf(caller.token);
    const current = await this.cart.linesOf(caller.token, orderId);
    let refused = 0;
    for (const line of orderable) {
      const refusal = await this.cart.add(
        caller.token,
        orderId,
        current,
        line.productId,
        line.quantity,
        line.specs,
      );
      if (refusal) {
        refused++;
        skipped.push({ lineId: line.id, reason: refusal });
      }
    }
    await this.cart.price(caller.token, orderId);
    return ok({ orderId, added: orderable.length - refused, skipped });
  }

  /** The list when the caller may see it: their own, or one their company shares. */
  private async visible(caller: ListCaller, id: string): Promise<repo.OrderListRow | undefined> {
    const list = await repo.findList(this.db, id);
    if (!list) return undefined;
    if (list.ownerUserId === caller.userId) return list;
    return list.shared && list.buyerId === caller.buyerId ? list : undefined;
  }

  private async owned(caller: ListCaller, id: string): Promise<Result<repo.OrderListRow, ListRefusal>> {
    const list = await this.visible(caller, id);
    if (!list) return err({ code: 'order-list-not-found' });
    return list.ownerUserId === caller.userId ? ok(list) : err({ code: 'not-list-owner' });
  }

  /** Item numbers among the new lines that are not sales items of the caller's catalogue. */
  private async unseen(caller: ListCaller, lines: repo.NewLine[]): Promise<string[]> {
    const ids = [...new Set(lines.map((line) => line.productId))];
    if (ids.length === 0) return [];
    const seen = await this.catalogue.seenBy(caller.token, ids);
    return ids.filter((productId) => !seen.has(productId));
  }
}

function summaryOf(row: repo.OrderListRow, lineCount: number, caller: ListCaller): OrderListSummary {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    mine: row.ownerUserId === caller.userId,
    ownerName: row.ownerName,
    lineCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A line as the caller sees the item now: the ERP's lifecycle state and successor when out of sale. */
function lineOf(
  row: repo.OrderListLineRow,
  product: SeenProduct | undefined,
  salesCompanyId: string | undefined,
): OrderListLine {
  const base = {
    id: row.id,
    productId: row.productId,
    quantity: row.quantity,
    specs: (row.specs ?? []) as OrderListSpec[],
    productName: product?.name ?? null,
    productState: null,
    successor: null,
  };
  if (!product) return { ...base, status: 'notVisible' };
  const state = productStateFor(product.xp, salesCompanyId);
  if (state === ORDERABLE_PRODUCT_STATE) return { ...base, status: 'ok' };
  const successor = product.xp?.SuccessorSalesItemNumber;
  return {
    ...base,
    status: 'notOrderable',
    productState: state,
    successor: typeof successor === 'string' ? successor : null,
  };
}
