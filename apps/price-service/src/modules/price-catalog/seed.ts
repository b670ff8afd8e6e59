/**
 * Loads the price model of the demo world (`@actuate/catalog-data`) into this service's tables on
 * first start: gross price list, families and option markups, sales items, discount groups, net
 * price agreements (keyed by the company's ERP id), quantity breaks, exchange rates, VAT rates, tax
 * groups, sales companies and ship methods. Writes go through each owning module's service.
 */
import { type DemoWorld, facetValueLabel, generateDemoWorld } from '@actuate/catalog-data';
import type { PriceCurrency } from '@actuate/contracts';
import type { Seeder, Transaction } from '@actuate/service-kit';
import { kgToGrams } from '../../shared/amounts.ts';
import { upsertRates } from '../currency/service.ts';
import { replaceBreakSchedules, upsertDiscountGroups, upsertNetPrices } from '../customer-pricing/service.ts';
import { upsertFamilies, upsertItems, upsertMarkups, upsertPriceLists } from '../price-lists/service.ts';
import { replaceShipMethods } from '../shipping/service.ts';
import { insertSalesCompanies, insertTaxGroups, upsertVatRates } from '../tax/service.ts';
import { bumpVersion } from './service.ts';
import { familyScheduleKey, itemScheduleKey } from './snapshot.ts';

export async function loadWorld(tx: Transaction, world: DemoWorld): Promise<Record<string, unknown>> {
  const validity = world.priceValidity;
  await upsertPriceLists(tx, [
    {
      id: validity.priceListId,
      currency: validity.currency,
      validFrom: new Date(validity.validFrom),
      validTo: validity.validTo ? new Date(validity.validTo) : null,
    },
  ]);
  await upsertFamilies(
    tx,
    world.families.map((family) => ({
      id: family.id,
      productFamilyGroup: family.productFamilyGroup,
      basePrice: family.basePrice,
    })),
  );
  const markups: { familyId: string; facet: string; value: string; markup: number }[] = [];
  for (const family of world.families) {
    const seen = new Set<string>();
    const add = (facet: string, value: string, markup: number) => {
      const key = `${facet}\u0000${value}`;
      if (seen.has(key)) return;
      seen.add(key);
      markups.push({ familyId: family.id, facet, value, markup });
    };
    for (const [facet, values] of Object.entries(family.optionMarkups)) {
      for (const [value, markup] of Object.entries(values ?? {})) add(facet, value, markup);
    }
    for (const facet of family.facets)
      for (const value of facet.values) add(facet.key, facetValueLabel(value), 0);
  }
  await upsertMarkups(tx, markups);
  await upsertItems(
    tx,
    world.salesItems.map((item) => ({
      salesItemNumber: item.salesItemNumber,
      familyId: item.familyId,
      priceListId: validity.priceListId,
      grossPrice: item.grossPrice,
      active: item.productState === 'Active',
      shipWeightGrams: kgToGrams(item.shipWeightKg),
      configuration: Object.fromEntries(
        Object.entries(item.configuration).map(([facet, value]) => [facet, facetValueLabel(value)]),
      ),
    })),
  );

  const companies = new Map(world.companies.map((company) => [company.id, company]));
  const erpIdOf = (companyId: string) => companies.get(companyId)?.erpId ?? undefined;
  await upsertDiscountGroups(
    tx,
    world.discountGroups.flatMap((group) => {
      const customerErpId = group.companyId === null ? '' : erpIdOf(group.companyId);
      if (customerErpId === undefined) return [];
      return [
        {
          salesCompanyId: group.salesCompanyId,
          customerErpId,
          productFamilyGroup: group.productFamilyGroup,
          discountBasisPoints: group.discountBasisPoints,
        },
      ];
    }),
  );
  await upsertNetPrices(
    tx,
    world.netPriceAgreements.flatMap((agreement) => {
      const company = companies.get(agreement.companyId);
      if (!company?.erpId) return [];
      return [
        {
          id: agreement.id,
          salesCompanyId: company.salesCompanyId,
          customerErpId: company.erpId,
          salesItemNumber: agreement.salesItemNumber,
          currency: agreement.currency,
          price: agreement.price,
          validFrom: new Date(agreement.validFrom),
          validTo: agreement.validTo ? new Date(agreement.validTo) : null,
        },
      ];
    }),
  );
  const scheduleKeys: string[] = [];
  const breakRows: { scheduleKey: string; minQuantity: number; discountBasisPoints: number }[] = [];
  for (const schedule of world.quantityBreaks) {
    const scheduleKey = schedule.salesItemNumber
      ? itemScheduleKey(schedule.salesItemNumber)
      : familyScheduleKey(schedule.familyId ?? '');
    scheduleKeys.push(scheduleKey);
    for (const entry of schedule.breaks) {
      breakRows.push({
        scheduleKey,
        minQuantity: entry.quantity,
        discountBasisPoints: entry.discountBasisPoints,
      });
    }
  }
  await replaceBreakSchedules(tx, scheduleKeys, breakRows);
  await upsertRates(
    tx,
    world.exchangeRates.map((rate) => ({
      validFromMs: Date.parse(rate.validFrom),
      dkkPerEurScaled: rate.dkkPerEurScaled,
    })),
  );
  await upsertVatRates(
    tx,
    world.vatRates.map((rate) => ({
      countryCode: rate.countryCode2,
      rateBasisPoints: rate.standardRateBasisPoints,
      euMember: rate.euMember,
    })),
  );
  await insertTaxGroups(
    tx,
    world.taxGroups.map((group) => ({
      id: group.id,
      kind: group.kind,
      vatCountryCode: group.vatCountryCode2,
    })),
  );
  await insertSalesCompanies(
    tx,
    world.salesCompanies.map((company) => ({
      id: company.id,
      countryCode: company.countryCode2,
      currency: company.currency satisfies PriceCurrency,
    })),
  );
  await replaceShipMethods(
    tx,
    world.shipMethods.map((method, position) => ({
      id: method.id,
      name: method.name,
      countries: Object.keys(method.estimatedTransitDays),
      description: method.description,
      transitDays: method.estimatedTransitDays,
      position,
      bands: method.weightBands.map((band) => ({
        maxWeightGrams: kgToGrams(band.maxWeightKg),
        costDkk: band.costDkk,
        costEur: band.costEur,
      })),
    })),
  );
  const version = await bumpVersion(tx);
  return {
    salesItems: world.salesItems.length,
    families: world.families.length,
    netPriceAgreements: world.netPriceAgreements.length,
    version,
  };
}

/** The seeder `app.ts` registers; `salesItems` scales the world (benchmarks). */
export function demoPriceSeeder(salesItems?: number): Seeder {
  return {
    name: 'price-model',
    seed: (tx) => loadWorld(tx, generateDemoWorld(salesItems === undefined ? {} : { salesItems })),
  };
}
