/**
 * The customer company behind an order, read from the platform's buyer extension (`BuyerCompanyXp` in
 * @actuate/contracts: CrmId, ErpId, SalesCompanyId, CreditHold, Currency, country codes, TaxGroup, VatNumber).
 */
import { BuyerCompanyXp } from '@actuate/contracts';
import { unprocessable } from '@actuate/service-kit';
import type { PlatformClient } from '../clients/platform-client.ts';

export interface CustomerCompany {
  id: string;
  name: string;
  erpId: string;
  salesCompanyId: string;
  creditHold: boolean;
  currency: 'DKK' | 'EUR';
  countryCode2: string;
  taxGroup: string;
  vatNumber: string | undefined;
}

export class CustomerDirectory {
  constructor(private readonly platform: PlatformClient) {}

  /** The company, or a 422 naming what is missing (an unknown buyer or an incomplete extension). */
  async company(companyId: string | null | undefined): Promise<CustomerCompany> {
    if (!companyId) throw unprocessable('missing-company', 'The order has no FromCompanyID.');
    const buyer = await this.platform.getBuyer(companyId);
    if (!buyer)
      throw unprocessable('unknown-company', `No buyer ${companyId} on the platform.`, { companyId });
    const xp = BuyerCompanyXp.safeParse(buyer.xp ?? {});
    if (!xp.success) {
      throw unprocessable(
        'incomplete-company',
        `Buyer ${companyId} has no complete CRM/ERP extension yet (xp.ErpId, SalesCompanyId, Currency, …).`,
        { companyId },
      );
    }
    if (!xp.data.TaxGroup) {
      throw unprocessable(
        'incomplete-company',
        `Buyer ${companyId} has no TaxGroup: VAT cannot be decided.`,
        {
          companyId,
        },
      );
    }
    return {
      id: companyId,
      name: buyer.Name,
      erpId: xp.data.ErpId,
      salesCompanyId: xp.data.SalesCompanyId,
      creditHold: xp.data.CreditHold,
      currency: xp.data.Currency,
      countryCode2: xp.data.CountryCode2,
      taxGroup: xp.data.TaxGroup,
      vatNumber: xp.data.VatNumber ?? undefined,
    };
  }
}
