import { Address, BuyerAddress } from '@actuate/contracts';
import type { Database } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import { FieldOwnership } from '../auth/ownership.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { UserMoveStep } from '../users/move.ts';
import type { UsersService } from '../users/service.ts';
import type { AddressAssignment } from './models.ts';
import {
  type AddressParty,
  type AddressRow,
  assignedFlags,
  deleteAddressRow,
  deleteAssignmentRow,
  findAddressRow,
  insertAddressRow,
  listAddressRows,
  listAssignmentRows,
  moveUserAddresses,
  type NewAddressRow,
  personalIdsTakenIn,
  updateAddressRow,
  upsertAssignmentRow,
  visibleTo,
} from './repository.ts';
import { addresses } from './schema.ts';

export type AddressEntity = Address & { ID: string };
export type BuyerAddressEntity = AddressEntity & { Shipping: boolean; Billing: boolean; Editable: boolean };

const toAddress = (row: AddressRow): AddressEntity => ({
  ID: row.id,
  DateCreated: row.dateCreated.toISOString(),
  CompanyName: row.companyName,
  FirstName: row.firstName,
  LastName: row.lastName,
  Street1: row.street1,
  Street2: row.street2,
  City: row.city,
  State: row.state,
  Zip: row.zip,
  Country: row.country,
  Phone: row.phone,
  AddressName: row.addressName,
  xp: row.xp as AddressEntity['xp'],
});

const toValues = (address: Address): Omit<NewAddressRow, 'buyerId' | 'id'> => ({
  companyName: address.CompanyName ?? null,
  firstName: address.FirstName ?? null,
  lastName: address.LastName ?? null,
  street1: address.Street1,
  street2: address.Street2 ?? null,
  city: address.City,
  state: address.State,
  zip: address.Zip,
  country: address.Country,
  phone: address.Phone ?? null,
  addressName: address.AddressName ?? null,
  xp: (address.xp ?? {}) as Record<string, unknown>,
});

/** Buyer addresses with their assignments, and the caller's own address book (`/me/addresses`). */
export class AddressesService {
  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
    private readonly ownership = new FieldOwnership(),
  ) {}

  /** The address with the xp the caller may store (the ERP's extension is the integration's). */
  private withOwnedXp<T extends { xp?: unknown }>(
    context: PlatformContext,
    addressId: string,
    stored: Record<string, unknown> | null | undefined,
    next: T,
  ): T {
    return this.ownership.withOwnedXp(context, { object: 'Address', id: addressId }, stored, next);
  }

  /**
   * A user moving to another buyer takes their personal addresses (`/me/addresses`) along
   * (our choice); an ID the new buyer already uses refuses the move (IdExists, nothing changed). The
   * old company's address assignments to the user go.
   */
  readonly userMove: UserMoveStep = {
    check: async (_context, move) => {
      const [taken] = await personalIdsTakenIn(this.db, move);
      if (taken) throw idExistsError('Address', taken);
    },
    apply: (tx, move) => moveUserAddresses(tx, move),
  };

  // --- admin -----------------------------------------------------------------------------------

  async list(
    _context: PlatformContext,
    buyerId: string,
    options: ListOptions,
  ): Promise<ListPage<AddressEntity>> {
    await this.buyers.assertExists(buyerId);
    const { rows, totalCount } = await listAddressRows(this.db, buyerId, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toAddress) };
  }

  async get(_context: PlatformContext, buyerId: string, addressId: string): Promise<AddressEntity> {
    const row = await findAddressRow(this.db, buyerId, addressId);
    if (!row) throw notFoundError('Address', addressId);
    return toAddress(row);
  }

  async create(
    context: PlatformContext,
    buyerId: string,
    body: Address,
    ownerUserId: string | null = null,
  ): Promise<AddressEntity> {
    await this.buyers.assertExists(buyerId);
    const id = body.ID ?? newId();
    const values = toValues(this.withOwnedXp(context, id, undefined, body));
    try {
      return toAddress(await insertAddressRow(this.db, { buyerId, id, ownerUserId, ...values }));
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('Address', id);
      throw error;
    }
  }

  async save(context: PlatformContext, buyerId: string, addressId: string, body: Address) {
    const stored = await findAddressRow(this.db, buyerId, addressId);
    if (!stored) return this.create(context, buyerId, { ...body, ID: addressId });
    const values = toValues(this.withOwnedXp(context, addressId, stored.xp, body));
    const updated = await updateAddressRow(this.db, buyerId, addressId, values);
    return updated ? toAddress(updated) : this.create(context, buyerId, { ...body, ID: addressId });
  }

  async patch(context: PlatformContext, buyerId: string, addressId: string, patch: Record<string, unknown>) {
    const current = await this.get(context, buyerId, addressId);
    const next = applyPatch(current, { ...patch, ID: addressId });
    const merged = parseEntity(Address, this.withOwnedXp(context, addressId, current.xp, next));
    return this.save(context, buyerId, addressId, merged);
  }

  async delete(_context: PlatformContext, buyerId: string, addressId: string): Promise<void> {
    if (!(await deleteAddressRow(this.db, buyerId, addressId))) throw notFoundError('Address', addressId);
  }

  async saveAssignment(context: PlatformContext, buyerId: string, body: AddressAssignment): Promise<void> {
    await this.get(context, buyerId, body.AddressID);
    if (body.UserID && body.UserGroupID)
      throw invalidRequest('Assign an address to a user or a group, not both.');
    if (body.UserID) await this.users.get(context, buyerId, body.UserID);
    if (body.UserGroupID) await this.users.getGroup(context, buyerId, body.UserGroupID);
    await upsertAssignmentRow(this.db, {
      buyerId,
      addressId: body.AddressID,
      userId: body.UserID ?? null,
      userGroupId: body.UserGroupID ?? null,
      isShipping: body.IsShipping,
      isBilling: body.IsBilling,
    });
  }

  async deleteAssignment(
    _context: PlatformContext,
    buyerId: string,
    addressId: string,
    party: { userId?: string | undefined; userGroupId?: string | undefined },
  ): Promise<void> {
    const deleted = await deleteAssignmentRow(this.db, buyerId, addressId, {
      userId: party.userId ?? null,
      userGroupId: party.userGroupId ?? null,
    });
    if (!deleted) throw notFoundError('AddressAssignment', addressId);
  }

  async listAssignments(
    _context: PlatformContext,
    buyerId: string,
    filter: { addressId?: string | undefined; userId?: string | undefined; userGroupId?: string | undefined },
    options: ListOptions,
  ): Promise<ListPage<AddressAssignment>> {
    await this.buyers.assertExists(buyerId);
    const { rows, totalCount } = await listAssignmentRows(this.db, buyerId, filter, {
      limit: options.pageSize,
      offset: (options.page - 1) * options.pageSize,
    });
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => ({
        AddressID: row.addressId,
        UserID: row.userId,
        UserGroupID: row.userGroupId,
        IsShipping: row.isShipping,
        IsBilling: row.isBilling,
      })),
    };
  }

  // --- me ----------------------------------------------------------------------------------------

  private async partyOf(context: PlatformContext): Promise<AddressParty | undefined> {
    const buyerId = context.caller.buyerId;
    if (!buyerId) return undefined;
    const groupIds = await this.users.groupIdsOf(buyerId, context.caller.userId);
    return { buyerId, userId: context.caller.userId, groupIds };
  }

  /** The caller's view of addresses: Shipping/Billing from the assignments, Editable for their own. */
  private async asBuyerAddresses(party: AddressParty, rows: AddressRow[]): Promise<BuyerAddressEntity[]> {
    const flags = await assignedFlags(
      this.db,
      party,
      rows.filter((row) => row.ownerUserId !== party.userId).map((row) => row.id),
    );
    return rows.map((row) => {
      const own = row.ownerUserId === party.userId;
      const assigned = flags.get(row.id);
      return {
        ...toAddress(row),
        Shipping: own ? row.shipping : (assigned?.shipping ?? false),
        Billing: own ? row.billing : (assigned?.billing ?? false),
        Editable: own,
      };
    });
  }

  async listMine(context: PlatformContext, options: ListOptions): Promise<ListPage<BuyerAddressEntity>> {
    const party = await this.partyOf(context);
    if (!party) return { Meta: listMeta(options, 0, 0), Items: [] };
    const { rows, totalCount } = await listAddressRows(this.db, party.buyerId, options, visibleTo(party));
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: await this.asBuyerAddresses(party, rows),
    };
  }

  async getMine(context: PlatformContext, addressId: string): Promise<BuyerAddressEntity> {
    const party = await this.partyOf(context);
    const row = party ? await findAddressRow(this.db, party.buyerId, addressId, visibleTo(party)) : undefined;
    if (!party || !row) throw notFoundError('Address', addressId);
    const [address] = await this.asBuyerAddresses(party, [row]);
    return address as BuyerAddressEntity;
  }

  async createMine(context: PlatformContext, body: BuyerAddress): Promise<BuyerAddressEntity> {
    const party = await this.partyOf(context);
    if (!party) throw invalidRequest('Only buyer users have an address book.');
    const created = await this.create(context, party.buyerId, body, party.userId);
    await updateAddressRow(this.db, party.buyerId, created.ID, {
      shipping: body.Shipping ?? true,
      billing: body.Billing ?? true,
    });
    return this.getMine(context, created.ID);
  }

  /** Only personal addresses are editable through /me (OrderCloud's `Editable`). */
  private async ownRow(
    context: PlatformContext,
    addressId: string,
  ): Promise<{ party: AddressParty; row: AddressRow }> {
    const party = await this.partyOf(context);
    const row = party
      ? await findAddressRow(this.db, party.buyerId, addressId, eq(addresses.ownerUserId, party.userId))
      : undefined;
    if (!party || !row) throw notFoundError('Address', addressId);
    return { party, row };
  }

  async saveMine(
    context: PlatformContext,
    addressId: string,
    body: BuyerAddress,
  ): Promise<BuyerAddressEntity> {
    const { party, row } = await this.ownRow(context, addressId);
    await updateAddressRow(this.db, party.buyerId, addressId, {
      ...toValues(this.withOwnedXp(context, addressId, row.xp, body)),
      shipping: body.Shipping ?? true,
      billing: body.Billing ?? true,
    });
    return this.getMine(context, addressId);
  }

  async patchMine(context: PlatformContext, addressId: string, patch: Record<string, unknown>) {
    const current = await this.getMine(context, addressId);
    if (!current.Editable) throw notFoundError('Address', addressId);
    const next = applyPatch(current, { ...patch, ID: addressId });
    const merged = parseEntity(BuyerAddress, this.withOwnedXp(context, addressId, current.xp, next));
    return this.saveMine(context, addressId, merged);
  }

  async deleteMine(context: PlatformContext, addressId: string): Promise<void> {
    const { party } = await this.ownRow(context, addressId);
    await deleteAddressRow(this.db, party.buyerId, addressId, eq(addresses.ownerUserId, party.userId));
  }
}
