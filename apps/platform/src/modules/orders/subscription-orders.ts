import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { newId } from '../../shared/ids.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { IncrementorsService } from '../incrementors/service.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import { type LineInputs, type LineItemsService, pricedLine } from './line-items.ts';
import { chooseSpecs, priceLine } from './line-pricing.ts';
import type { LineItemBody } from './models.ts';
import type { OrderWriter } from './order-writer.ts';
import { MARKETPLACE_ID, nextOrderId } from './orders-service.ts';
import * as repository from './repository.ts';
import { addressSnapshot, productSnapshot, withoutRoles } from './snapshots.ts';
import type { WorksheetService } from './worksheet.ts';

/** What the subscriptions module asks of orders: priced items, the order of a run, its worksheet. */
export class SubscriptionOrdersService {
  constructor(
    private readonly db: Database,
    private readonly writer: OrderWriter,
    private readonly lineItems: LineItemsService,
    private readonly worksheet: WorksheetService,
    private readonly users: UsersService,
    private readonly addresses: AddressesService,
    private readonly catalog: CatalogService,
    private readonly spending: SpendingService,
    private readonly incrementors: IncrementorsService,
  ) {}

  /**
   * A subscription item priced as its order line will be: the product as the subscription's user sees
   * it (404 when not visible), its specs, and the SubscriptionPrice of the break when set.
   */
  async priceSubscriptionItem(owner: PlatformContext, body: LineItemBody) {
    const product = await this.catalog.getMyProduct(owner, body.ProductID);
    const specs = chooseSpecs(await this.catalog.specsForProduct(owner, product.ID), body.Specs ?? []);
    const price = priceLine({
      product,
      quantity: body.Quantity,
      cumulativeQuantity: body.Quantity,
      specs,
      currency: owner.currency,
      now: owner.now,
      overrideUnitPrice: null,
      subscription: true,
    });
    return {
      product: productSnapshot(product),
      specs: specs as unknown as Record<string, unknown>[],
      unitPrice: price.unitPrice,
      lineSubtotal: price.lineSubtotal,
      priceScheduleId: price.priceScheduleId,
    };
  }

  /**
   * The order of one subscription run (docs/domain.md#subscriptions), in one transaction with `record`
   * (the run's own bookkeeping, whose unique key stops a second order for the same date): an Outgoing order of
   * the subscription's user with SubscriptionID set, a line per item whose product the user can still
   * see (priced at SubscriptionPrice when set), and the payment. Items that cannot be ordered any more
   * come back as `unavailable`; with none left, no order is made.
   */
  async createSubscriptionOrder(
    owner: PlatformContext,
    input: {
      subscriptionId: string;
      apiClientId: string | null;
      billingAddressId: string | null;
      shippingAddressId: string | null;
      payment: { Type: string; CreditCardID?: string | null; SpendingAccountID?: string | null } | null;
      /** The order comment every order of the subscription carries (its xp.Comments). */
      comments: string | null;
      items: LineItemBody[];
    },
    record: (tx: Executor, orderId: string | null, unavailable: string[]) => Promise<void>,
  ): Promise<{ orderId: string | null; unavailable: string[] }> {
    const me = withoutRoles(await this.users.getMe(owner));
    const billing = input.billingAddressId
      ? addressSnapshot(await this.addresses.getMine(owner, input.billingAddressId))
      : null;
    const shipping = input.shippingAddressId
      ? addressSnapshot(await this.addresses.getMine(owner, input.shippingAddressId))
      : null;
    if (input.payment?.Type === 'SpendingAccount' && input.payment.SpendingAccountID) {
      await this.spending.usableBy(
        owner.caller.buyerId ?? '',
        owner.caller.userId,
        input.payment.SpendingAccountID,
        owner.now,
      );
    }
    const unavailable = new Set<string>();
    const lines: { body: LineItemBody; inputs: LineInputs }[] = [];
    for (const item of input.items) {
      try {
        const body = { ...item, ShippingAddressID: item.ShippingAddressID ?? input.shippingAddressId };
        lines.push({ body, inputs: await this.lineItems.inputsOf(owner, body) });
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) unavailable.add(item.ProductID);
        else throw error;
      }
    }
    const orderId = await this.db.transaction(async (tx) => {
      if (lines.length === 0) {
        await record(tx, null, [...unavailable]);
        return null;
      }
      const id = await nextOrderId(this.incrementors, tx, undefined);
      const order = await repository.insertOrderRow(tx, {
        id,
        fromCompanyId: owner.caller.buyerId ?? '',
        fromUserId: owner.caller.userId,
        fromUser: me,
        toCompanyId: MARKETPLACE_ID,
        currency: owner.currency,
        subscriptionId: input.subscriptionId,
        apiClientId: input.apiClientId,
        billingAddressId: billing ? ((billing.ID as string | undefined) ?? null) : null,
        billingAddress: billing,
        shippingAddressId: input.shippingAddressId,
        comments: input.comments,
        dateCreated: owner.now,
        lastUpdated: owner.now,
      });
      let added = 0;
      for (const { body, inputs } of lines) {
        try {
          const others = await repository.quantityOfProduct(tx, id, inputs.product.ID, undefined);
          const values = pricedLine(owner, order, body, inputs, others, true);
          await repository.insertLineItemRow(tx, {
            orderId: id,
            id: newId(),
            ...values,
            shippingAddress: values.shippingAddress ?? shipping,
            dateAdded: owner.now,
          });
          added += 1;
        } catch (error) {
          if (error instanceof HttpError && error.status < 500) unavailable.add(body.ProductID);
          else throw error;
        }
      }
      if (added === 0) {
        await repository.deleteOrderRow(tx, id);
        await record(tx, null, [...unavailable]);
        return null;
      }
      if (input.payment) {
        await repository.insertPaymentRow(tx, {
          orderId: id,
          id: newId(),
          type: input.payment.Type,
          creditCardId: input.payment.CreditCardID ?? null,
          spendingAccountId: input.payment.SpendingAccountID ?? null,
          description: 'Subscription',
          amount: null,
          accepted: false,
          dateCreated: owner.now,
        });
      }
      await this.writer.recalculate(tx, id, owner.now);
      await record(tx, id, [...unavailable]);
      return id;
    });
    return { orderId, unavailable: [...unavailable] };
  }

  /** The worksheet of an order by ID (for the subscription integration's payload). */
  async worksheetById(orderId: string) {
    const order = await repository.findOrderRow(this.db, orderId);
    return order ? this.worksheet.worksheetOf(order) : null;
  }

  /** Stores the subscription integration's answer as `OrderWorksheet.SubscriptionIntegrationResponse`. */
  async saveSubscriptionResponse(tx: Executor, orderId: string, response: Record<string, unknown>) {
    await repository.saveWorksheet(tx, orderId, { subscriptionIntegrationResponse: response });
  }
}
