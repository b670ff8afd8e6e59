import { TAX_GROUPS, VAT_RATES, vatRateBasisPointsFor } from '@actuate/catalog-data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideVat, type TaxGroupEntry, type VatRateEntry, vatNumberCountry } from './service.ts';

const vatRates = new Map<string, VatRateEntry>(
  VAT_RATES.map((rate) => [
    rate.countryCode2,
    {
      countryCode: rate.countryCode2,
      rateBasisPoints: rate.standardRateBasisPoints,
      euMember: rate.euMember,
    },
  ]),
);
const group = (id: string): TaxGroupEntry => {
  const found = TAX_GROUPS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return { id: found.id, kind: found.kind, vatCountryCode: found.vatCountryCode2 };
};
const rateOf = (decision: ReturnType<typeof decideVat>) =>
  'error' in decision ? undefined : decision.rateBasisPoints;

describe('decideVat', () => {
  it('Denmark 25 %, Germany 19 % for domestic customers', () => {
    expect(
      rateOf(
        decideVat({
          shipToCountry: 'DK',
          taxGroup: group('DK-DOM'),
          vatNumber: 'DK29403187',
          sellerCountry: 'DK',
          vatRates,
        }),
      ),
    ).toBe(2500);
    expect(
      rateOf(
        decideVat({
          shipToCountry: 'DE',
          taxGroup: group('DE-DOM'),
          vatNumber: 'DE814736592',
          sellerCountry: 'DE',
          vatRates,
        }),
      ),
    ).toBe(1900);
  });

  it('reverse charge (0 %) for an EU business with a VAT number of another member state', () => {
    const decision = decideVat({
      shipToCountry: 'AT',
      taxGroup: group('EU-RC'),
      vatNumber: 'ATU68412359',
      sellerCountry: 'DE',
      vatRates,
    });
    expect(decision).toMatchObject({ treatment: 'reverseCharge', rateBasisPoints: 0 });
  });

  it('export (0 %) outside the EU or for the EXPORT group', () => {
    expect(
      decideVat({
        shipToCountry: 'NO',
        taxGroup: group('DK-DOM'),
        vatNumber: undefined,
        sellerCountry: 'DK',
        vatRates,
      }),
    ).toMatchObject({
      treatment: 'export',
      rateBasisPoints: 0,
    });
    expect(
      rateOf(
        decideVat({
          shipToCountry: 'DE',
          taxGroup: group('EXPORT'),
          vatNumber: undefined,
          sellerCountry: 'DE',
          vatRates,
        }),
      ),
    ).toBe(0);
  });

  it('unknown ship-to country is an error, not a guess', () => {
    expect(
      decideVat({
        shipToCountry: 'US',
        taxGroup: group('DK-DOM'),
        vatNumber: undefined,
        sellerCountry: 'DK',
        vatRates,
      }),
    ).toEqual({
      error: 'unknown-country',
      countryCode: 'US',
    });
  });

  it('property: a domestic group shipped at home charges what the demo world says; the rate is one of the known ones', () => {
    const countries = [...vatRates.keys()];
    fc.assert(
      fc.property(
        fc.constantFrom(...TAX_GROUPS.map((entry) => entry.id)),
        fc.constantFrom(...countries),
        fc.constantFrom(...countries),
        fc.option(
          fc.constantFrom(
            'DK29403187',
            'DE814736592',
            'BE0712345678',
            'ATU68412359',
            'NO918273645MVA',
            'garbage',
          ),
          { nil: undefined },
        ),
        (taxGroupId, shipTo, seller, vatNumber) => {
          const decision = decideVat({
            shipToCountry: shipTo,
            taxGroup: group(taxGroupId),
            vatNumber,
            sellerCountry: seller,
            vatRates,
          });
          if ('error' in decision) throw new Error('no error expected for known countries');
          const known = new Set([0, ...[...vatRates.values()].map((rate) => rate.rateBasisPoints)]);
          expect(known.has(decision.rateBasisPoints)).toBe(true);
          if (!vatRates.get(shipTo)?.euMember) expect(decision.rateBasisPoints).toBe(0);
          if (decision.treatment === 'reverseCharge') {
            expect(vatNumberCountry(vatNumber, vatRates)).not.toBe(seller);
            expect(shipTo).not.toBe(seller);
          }
          const home = group(taxGroupId).vatCountryCode;
          if (group(taxGroupId).kind === 'domestic' && home === shipTo && home === seller) {
            expect(decision.rateBasisPoints).toBe(vatRateBasisPointsFor(taxGroupId));
          }
        },
      ),
    );
  });

  it('reads VAT numbers of member states only', () => {
    expect(vatNumberCountry('DE814736592', vatRates)).toBe('DE');
    expect(vatNumberCountry('de 814.736.592', vatRates)).toBe('DE');
    expect(vatNumberCountry('NO918273645MVA', vatRates)).toBeUndefined();
    expect(vatNumberCountry('X', vatRates)).toBeUndefined();
    expect(vatNumberCountry(undefined, vatRates)).toBeUndefined();
  });
});
