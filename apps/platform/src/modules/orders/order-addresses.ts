import { type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { invalidRequest } from '../../shared/errors.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { toOrder } from './entities.ts';
import { AddressBody, type Direction, FROM_USER_FIELDS, FromUserPatch } from './models.ts';
import type { OrderWriter } from './order-writer.ts';
import * as repository from './repository.ts';

/** The one-off addresses of an Unsubmitted order (`…/billto`, `…/shipto`) and its user (`…/fromuser`). */
export class OrderAddressesService {
  constructor(private readonly writer: OrderWriter) {}

  /** `changeUnsubmitted`, answering the order as changed. */
  private async edit(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    change: (tx: Executor, order: repository.OrderRow) => Promise<void>,
  ) {
    // The row as updated in the change's transaction, where the caller's access was checked.
    return toOrder(await this.writer.changeUnsubmitted(context, direction, orderId, change));
  }

  /** Sets the billing address from an ad-hoc address (`PUT …/billto`). */
  async setBillingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    address: Record<string, unknown>,
  ) {
    return this.edit(context, direction, orderId, async (tx) => {
      await repository.updateOrderRow(tx, orderId, {
        billingAddressId: (address.ID as string) ?? null,
        billingAddress: address,
      });
    });
  }

  /** Sets every line's shipping address (`PUT …/shipto`). */
  async setShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    address: Record<string, unknown>,
  ) {
    return this.edit(context, direction, orderId, async (tx) => {
      for (const line of await repository.allLineItems(tx, orderId)) {
        await repository.updateLineItemRow(tx, orderId, line.id, {
          shippingAddressId: (address.ID as string) ?? null,
          shippingAddress: address,
        });
      }
      await repository.updateOrderRow(tx, orderId, { shippingAddressId: (address.ID as string) ?? null });
    });
  }

  /**
   * `PATCH …/billto`: a partial change of the one-off billing address that PUT …/billto set. One set by
   * ID belongs to the address book (`BillingAddress.CannotPatchSetByID`, the SDK's Cart comment), and
   * without one there is nothing to patch (`BillingAddress.CannotModifyNotFound`).
   */
  async patchBillingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    return this.edit(context, direction, orderId, async (tx, order) => {
      if (order.billingAddressId) throw setByIdError('BillingAddress', order.billingAddressId);
      if (!order.billingAddress) throw noAddressError('BillingAddress');
      await repository.updateOrderRow(tx, orderId, {
        billingAddress: patchedAddress(order.billingAddress, patch),
      });
    });
  }

  /**
   * `PATCH …/shipto`: a partial change of the one-off shipping address that PUT …/shipto put on the
   * lines; each line with a one-off address gets it merged with the patch. Refused when the order's
   * ShippingAddressID is set (`ShippingAddress.CannotPatchSetByID`) or no line has a one-off address
   * (`ShippingAddress.CannotModifyNotFound`).
   */
  async patchShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    return this.edit(context, direction, orderId, async (tx, order) => {
      if (order.shippingAddressId) throw setByIdError('ShippingAddress', order.shippingAddressId);
      const oneOff = (await repository.allLineItems(tx, orderId)).filter(
        (line) => line.shippingAddress && !line.shippingAddressId,
      );
      if (oneOff.length === 0) throw noAddressError('ShippingAddress');
      for (const line of oneOff) {
        await repository.updateLineItemRow(tx, orderId, line.id, {
          shippingAddress: patchedAddress(line.shippingAddress ?? {}, patch),
        });
      }
    });
  }

  /**
   * `PATCH …/fromuser` (guest checkout): only FirstName, LastName and Email of the order's FromUser
   * change, on an Unsubmitted order; any other field is InvalidRequest.
   */
  async patchFromUser(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    patch: Record<string, unknown>,
  ) {
    const others = Object.keys(patch).filter((field) => !FROM_USER_FIELDS.includes(field));
    if (others.length > 0) {
      throw invalidRequest(`Only ${FROM_USER_FIELDS.join(', ')} of the order's user can be changed.`, {
        Fields: others,
      });
    }
    const changes = parseEntity(FromUserPatch, patch);
    return this.edit(context, direction, orderId, async (tx, order) => {
      await repository.updateOrderRow(tx, orderId, { fromUser: { ...order.fromUser, ...changes } });
    });
  }
}

/** Refusals of PATCH …/billto, …/shipto on an address set by ID (OrderCloud's codes). */
export const setByIdError = (kind: 'BillingAddress' | 'ShippingAddress', addressId: string) =>
  new HttpError(
    400,
    `${kind}.CannotPatchSetByID`,
    `Cannot PATCH an address that was set by ID (${addressId}). Either PATCH the saved address, or PUT a complete address.`,
    { AddressID: addressId },
  );

const noAddressError = (kind: 'BillingAddress' | 'ShippingAddress') =>
  new HttpError(
    400,
    `${kind}.CannotModifyNotFound`,
    `Order does not have a ${kind === 'BillingAddress' ? 'billing' : 'shipping'} address to modify. Use PUT to create one.`,
  );

/**
 * A one-off address after a PATCH, validated as a whole address. Its ID does not change: an ID would
 * make it an address set by ID.
 */
export function patchedAddress(current: Record<string, unknown>, patch: Record<string, unknown>) {
  if ('ID' in patch && patch.ID !== current.ID)
    throw invalidRequest('The ID of a one-off address cannot be patched; PUT the address instead.');
  return parseEntity(AddressBody, applyPatch(current, patch)) as Record<string, unknown>;
}
