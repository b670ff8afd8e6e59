/**
 * Quotes (B2B self-service): a buyer turns their cart into a quote request, the sales desk (the back
 * office's page, with the operator key) prices each line with a validity date and a note, the buyer
 * accepts or declines. Accepting puts the quoted lines into a new cart bound to the quote
 * (`xp.QuoteID`); the checkout calculation then uses the quoted unit prices for that one order only.
 * Who the buyer is comes from their platform token (`/v1/me`), never from the request.
 */
import { randomBytes } from 'node:crypto';
import { fromMinorUnits, type Order, type OrderWorksheet, toMinorUnits } from '@actuate/contracts';
import {
  type Database,
  type Executor,
  err,
  forbidden,
  ok,
  type RequestContext,
  type Result,
  type Transaction,
  unauthorized,
} from '@actuate/service-kit';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CheckoutEventRow } from '../checkout-integration/repository.ts';
import {
  changeQuote,
  findQuote,
  insertQuote,
  latestQuotes,
  type QuoteRow,
  quotesOfBuyer,
} from './repository.ts';
import type { QuoteLine } from './schema.ts';
import { currentStatus, nextStatus, type QuoteEvent, type QuoteStatus } from './state-machine.ts';

export interface QuoteBuyer {
  token: string;
  userId: string;
  companyId: string;
  name: string;
}

export interface QuoteView extends Omit<QuoteRow, 'status' | 'createdAt' | 'updatedAt'> {
  status: QuoteStatus;
  createdAt: string;
  updatedAt: string;
}

export type QuoteRefusal =
  | { code: 'quote-not-found' }
  | { code: 'empty-cart' }
  | { code: 'quote-state'; status: QuoteStatus }
  | { code: 'quote-expired' }
  | { code: 'quote-lines'; detail: string }
  | { code: 'cart-failed'; status: number };

/** What the sales desk sends: a unit price per line, the last valid day and a note. */
export interface QuoteAnswer {
  lines: { lineNo: number; unitPrice: number }[];
  validUntil: string;
  note: string;
}

/** Announces a change to the mail module, in the write's transaction (outbox). */
export type QuoteMailListener = (
  executor: Executor,
  quote: QuoteRow,
  event: 'quoted' | 'accepted' | 'declined',
) => Promise<void>;

interface CartLine {
  ID: string;
  ProductID: string;
  Quantity: number;
  UnitPrice?: number | null;
  Product?: { Name?: string | null } | null;
  Specs?: unknown[] | null;
}

const MAX_DESK_LIST = 200;
const cartPath = (orderId: string) => `/v1/orders/Outgoing/${encodeURIComponent(orderId)}`;

export class QuoteService {
  private readonly listeners: QuoteMailListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
  ) {}

  onMail(listener: QuoteMailListener): void {
    this.listeners.push(listener);
  }

  async buyerOf(token: string): Promise<QuoteBuyer> {
    const me = (await this.platform.getMe(token)) as
      | (Awaited<ReturnType<PlatformClient['getMe']>> & { FirstName?: string; LastName?: string })
      | null;
    if (!me) throw unauthorized('invalid-token', 'The platform token is not valid.');
    const companyId = me.Buyer?.ID;
    if (!companyId || me.Active === false || !(me.AvailableRoles ?? []).includes('Shopper'))
      throw forbidden('not-a-shopper', 'Only a buyer user with the Shopper role can ask for quotes.');
    const name = [me.FirstName, me.LastName].filter(Boolean).join(' ') || me.ID;
    return { token, userId: me.ID, companyId, name };
  }

  /** The buyer's cart (read with their token, so only what they may order) becomes a quote request. */
  async request(
    context: RequestContext,
    buyer: QuoteBuyer,
    message: string,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const carts = await this.platform.sendAs<{ Items?: Order[] }>(
      buyer.token,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&sortBy=!DateCreated&pageSize=1',
    );
    const cart = carts.status === 200 ? carts.body.Items?.[0] : undefined;
    if (!cart?.ID) return err({ code: 'empty-cart' });
    const answer = await this.platform.sendAs<{ Items?: CartLine[] }>(
      buyer.token,
      'GET',
      `${cartPath(cart.ID)}/lineitems?pageSize=100`,
    );
    const cartLines = answer.status === 200 ? (answer.body.Items ?? []) : [];
    if (cartLines.length === 0) return err({ code: 'empty-cart' });
    const currency = cart.Currency ?? 'EUR';
    const lines: QuoteLine[] = cartLines.map((line, index) => ({
      lineNo: index + 1,
      productId: line.ProductID,
      name: line.Product?.Name ?? line.ProductID,
      quantity: line.Quantity,
      listUnitPrice: typeof line.UnitPrice === 'number' ? toMinorUnits(line.UnitPrice, currency) : null,
      quotedUnitPrice: null,
    }));
    const row = await insertQuote(this.db, {
      id: `Q-${randomBytes(5).toString('hex').toUpperCase()}`,
      companyId: buyer.companyId,
      userId: buyer.userId,
      buyerName: buyer.name,
      currency,
      status: 'requested',
      message,
      lines,
    });
    context.log.info({ quoteId: row.id }, 'quote requested');
    return ok(view(row, context.now));
  }

  async listForBuyer(context: RequestContext, buyer: QuoteBuyer): Promise<QuoteView[]> {
    const rows = await quotesOfBuyer(this.db, buyer.companyId, buyer.userId);
    return rows.map((row) => view(row, context.now));
  }

  /** Only the requesting buyer of the quote's company sees it; anyone else gets "not found". */
  async forBuyer(
    context: RequestContext,
    buyer: QuoteBuyer,
    id: string,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const row = await this.ownRow(buyer, id);
    return row ? ok(view(row, context.now)) : err({ code: 'quote-not-found' });
  }

  /** Accepts a quoted quote: a new cart bound to it with the quoted lines, priced at the quoted prices. */
  async accept(
    context: RequestContext,
    buyer: QuoteBuyer,
    id: string,
  ): Promise<Result<{ quote: QuoteView; cartId: string }, QuoteRefusal>> {
    const row = await this.ownRow(buyer, id);
    if (!row) return err({ code: 'quote-not-found' });
    const refused = this.refusal(row, 'accept', context.now);
    if (refused) return err(refused);

    const created = await this.platform.sendAs<Order>(buyer.token, 'POST', '/v1/orders/Outgoing', {
      xp: { QuoteID: row.id },
    });
    if (created.status !== 201 || !created.body.ID)
      return err({ code: 'cart-failed', status: created.status });
    const cartId = created.body.ID;
    for (const line of row.lines) {
      const added = await this.platform.sendAs(buyer.token, 'POST', `${cartPath(cartId)}/lineitems`, {
        ProductID: line.productId,
        Quantity: line.quantity,
      });
      if (added.status >= 300) {
        await this.platform.sendAs(buyer.token, 'DELETE', cartPath(cartId));
        return err({ code: 'cart-failed', status: added.status });
      }
    }
    const accepted = await this.db.transaction(async (tx) => {
      const changed = await changeQuote(tx, row.id, 'quoted', { status: 'accepted', orderId: cartId });
      if (changed) await this.announce(tx, changed, 'accepted');
      return changed;
    });
    if (!accepted) {
      // Someone else moved the quote on meanwhile (a second click): the cart made here goes again.
      await this.platform.sendAs(buyer.token, 'DELETE', cartPath(cartId));
      const now = await findQuote(this.db, row.id);
      return err({
        code: 'quote-state',
        status: now ? currentStatus(asStatus(now.status), now.validUntil, context.now) : 'declined',
      });
    }
    // Priced now so the cart shows the quoted prices at once; the checkout calculates again anyway.
    await this.platform.sendAs(buyer.token, 'POST', `${cartPath(cartId)}/calculate`).catch(() => undefined);
    context.log.info({ quoteId: row.id, cartId }, 'quote accepted');
    return ok({ quote: view(accepted, context.now), cartId });
  }

  async decline(
    context: RequestContext,
    buyer: QuoteBuyer,
    id: string,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const row = await this.ownRow(buyer, id);
    if (!row) return err({ code: 'quote-not-found' });
    const refused = this.refusal(row, 'decline', context.now);
    if (refused) return err(refused);
    // The buyer declines a price; a request without one is the desk's to turn down.
    if (asStatus(row.status) !== 'quoted') return err({ code: 'quote-state', status: asStatus(row.status) });
    return this.move(context, row, 'decline', {}, 'declined');
  }

  listForDesk(context: RequestContext): Promise<QuoteView[]> {
    return latestQuotes(this.db, MAX_DESK_LIST).then((rows) => rows.map((row) => view(row, context.now)));
  }

  async forDesk(context: RequestContext, id: string): Promise<Result<QuoteView, QuoteRefusal>> {
    const row = await findQuote(this.db, id);
    return row ? ok(view(row, context.now)) : err({ code: 'quote-not-found' });
  }

  /** The sales desk prices every line of a requested quote. */
  async answer(
    context: RequestContext,
    id: string,
    answer: QuoteAnswer,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const row = await findQuote(this.db, id);
    if (!row) return err({ code: 'quote-not-found' });
    const refused = this.refusal(row, 'quote', context.now);
    if (refused) return err(refused);
    if (answer.validUntil < context.now.toISOString().slice(0, 10))
      return err({ code: 'quote-lines', detail: 'The validity date is in the past.' });
    const prices = new Map(answer.lines.map((line) => [line.lineNo, line.unitPrice]));
    if (prices.size !== answer.lines.length || prices.size !== row.lines.length)
      return err({ code: 'quote-lines', detail: 'Send one unit price for every line of the quote.' });
    const lines: QuoteLine[] = [];
    for (const line of row.lines) {
      const price = prices.get(line.lineNo);
      if (price === undefined)
        return err({ code: 'quote-lines', detail: `Line ${line.lineNo} has no price.` });
      lines.push({ ...line, quotedUnitPrice: price });
    }
    return this.move(
      context,
      row,
      'quote',
      { lines, validUntil: answer.validUntil, sellerNote: answer.note || null },
      'quoted',
    );
  }

  /** The desk turns a request down without pricing it. */
  async deskDecline(
    context: RequestContext,
    id: string,
    note: string,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const row = await findQuote(this.db, id);
    if (!row) return err({ code: 'quote-not-found' });
    if (asStatus(row.status) !== 'requested')
      return err({ code: 'quote-state', status: asStatus(row.status) });
    return this.move(context, row, 'decline', { sellerNote: note || null }, null);
  }

  /**
   * The quoted unit prices (decimals) by worksheet line, for the checkout calculation of the order
   * the quote was accepted into; `null` when the order names no quote. A line matches a quoted line
   * by product and quantity (each quoted line once); any other line keeps the customer's price.
   */
  async agreedPrices(
    worksheet: OrderWorksheet,
    now: Date,
  ): Promise<Result<Map<string, number> | null, QuoteRefusal>> {
    const quoteId = worksheet.Order.xp?.QuoteID;
    if (quoteId === undefined || quoteId === null) return ok(null);
    const row =
      typeof quoteId === 'string'
        ? await this.usableRow(worksheet.Order, quoteId, now)
        : err({ code: 'quote-not-found' } as const);
    if (!row.ok) return row;
    const open = [...row.value.lines];
    const prices = new Map<string, number>();
    for (const line of worksheet.LineItems) {
      const at = open.findIndex(
        (quoted) => quoted.productId === line.ProductID && quoted.quantity === line.Quantity,
      );
      const quoted = open[at];
      if (!quoted || quoted.quotedUnitPrice === null || !line.ID) continue;
      open.splice(at, 1);
      prices.set(line.ID, fromMinorUnits(quoted.quotedUnitPrice, row.value.currency));
    }
    return ok(prices);
  }

  /** Pre-submit: an order naming a quote may be submitted only while the quote is usable by it. */
  async usableBy(order: Order, now: Date): Promise<boolean> {
    const quoteId = order.xp?.QuoteID;
    if (quoteId === undefined || quoteId === null) return true;
    return typeof quoteId === 'string' && (await this.usableRow(order, quoteId, now)).ok;
  }

  /** Checkout listener: the submit of the bound order uses the quote up (in the event's transaction). */
  async onCheckoutEvent(tx: Transaction, event: CheckoutEventRow): Promise<void> {
    if (event.eventType !== 'OrderSubmit' && event.eventType !== 'OrderSubmitForApproval') return;
    const quoteId = (event.worksheet as OrderWorksheet).Order.xp?.QuoteID;
    if (typeof quoteId !== 'string') return;
    const row = await findQuote(tx, quoteId);
    if (row?.orderId === event.orderId && asStatus(row.status) === 'accepted')
      await changeQuote(tx, row.id, 'accepted', { status: 'ordered' });
  }

  private async usableRow(order: Order, quoteId: string, now: Date): Promise<Result<QuoteRow, QuoteRefusal>> {
    const row = await findQuote(this.db, quoteId);
    // The quote belongs to one buyer and one cart: any other order is told it does not exist.
    if (
      !row ||
      row.orderId !== order.ID ||
      row.userId !== order.FromUserID ||
      row.companyId !== order.FromCompanyID
    )
      return err({ code: 'quote-not-found' });
    const status = currentStatus(asStatus(row.status), row.validUntil, now);
    if (status === 'expired') return err({ code: 'quote-expired' });
    // `ordered` is this very order again (the platform may calculate it once more while submitting).
    if (status !== 'accepted' && status !== 'ordered') return err({ code: 'quote-state', status });
    return ok(row);
  }

  private async ownRow(buyer: QuoteBuyer, id: string): Promise<QuoteRow | undefined> {
    const row = await findQuote(this.db, id);
    return row && row.companyId === buyer.companyId && row.userId === buyer.userId ? row : undefined;
  }

  private refusal(row: QuoteRow, event: QuoteEvent, now: Date): QuoteRefusal | null {
    const status = currentStatus(asStatus(row.status), row.validUntil, now);
    if (status === 'expired') return { code: 'quote-expired' };
    return nextStatus(status, event) ? null : { code: 'quote-state', status };
  }

  private async move(
    context: RequestContext,
    row: QuoteRow,
    event: QuoteEvent,
    change: { lines?: QuoteLine[]; validUntil?: string; sellerNote?: string | null },
    mail: 'quoted' | 'accepted' | 'declined' | null,
  ): Promise<Result<QuoteView, QuoteRefusal>> {
    const from = asStatus(row.status);
    const to = nextStatus(from, event);
    if (!to) return err({ code: 'quote-state', status: from });
    const changed = await this.db.transaction(async (tx) => {
      const updated = await changeQuote(tx, row.id, from, { ...change, status: to });
      if (updated && mail) await this.announce(tx, updated, mail);
      return updated;
    });
    if (!changed) {
      const now = await findQuote(this.db, row.id);
      return err({ code: 'quote-state', status: now ? asStatus(now.status) : from });
    }
    context.log.info({ quoteId: row.id, status: to }, 'quote changed');
    return ok(view(changed, context.now));
  }

  private async announce(tx: Executor, row: QuoteRow, event: 'quoted' | 'accepted' | 'declined') {
    for (const listener of this.listeners) await listener(tx, row, event);
  }
}

const asStatus = (status: string) => status as QuoteStatus;

function view(row: QuoteRow, now: Date): QuoteView {
  return {
    ...row,
    status: currentStatus(asStatus(row.status), row.validUntil, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
