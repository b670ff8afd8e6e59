/**
 * The web shop's addresses on the CRM account. The integration sends every address a buyer adds or
 * edits in the shop to the ERP (which makes it a delivery address) and then here, with the ERP id it
 * got, so the CRM shows the company's addresses as the shop has them. Idempotent by the shop's id.
 */
import { type Database, notFound, type RequestContext } from '@actuate/service-kit';
import type { CrmAccountAddressRequest } from './models.ts';
import type { AccountAddressRow } from './repository.ts';
import * as repository from './repository.ts';

export function accountAddressView(row: AccountAddressRow) {
  return {
    ...(row.address as CrmAccountAddressRequest),
    webShopAddressId: row.webShopAddressId,
    erpAddressId: row.erpAddressId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class CrmAccountAddresses {
  constructor(private readonly db: Database) {}

  /** Creates (`created`) or replaces the account's address with the shop's id. */
  async upsert(
    context: RequestContext,
    crmId: string,
    webShopAddressId: string,
    input: CrmAccountAddressRequest,
  ) {
    const { erpAddressId, ...address } = input;
    return this.db.transaction(async (tx) => {
      const account = await repository.findAccount(tx, crmId);
      if (!account) throw notFound('account-not-found', `The CRM has no account ${crmId}.`);
      const { created, row } = await repository.upsertAccountAddress(tx, {
        accountCrmId: crmId,
        webShopAddressId,
        address: address as Record<string, string>,
        erpAddressId: erpAddressId ?? null,
        updatedAt: context.now,
      });
      context.log.info({ crmId, webShopAddressId, created }, 'CRM account address saved from the shop');
      return { created, address: accountAddressView(row) };
    });
  }
}
