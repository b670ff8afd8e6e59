import { describe, expect, it } from 'vitest';
import { voucherMethods } from './voucher.ts';

describe('voucher catalogue', () => {
  it('loads, for each entry, the class registered for exactly the types it lists', async () => {
    for (const entry of voucherMethods) {
      const loaded = await entry.load();
      const component = 'default' in loaded ? loaded.default : loaded;
      expect(component.txVariants).toEqual(entry.txVariants);
      expect(entry.txVariants).toContain(component.type);
    }
    expect(voucherMethods.flatMap((entry) => entry.txVariants)).toEqual(
      expect.arrayContaining([
        'boletobancario',
        'doku_permata_lite_atm',
        'oxxo',
        'multibanco',
        'dragonpay_otc_philippines',
        'econtext_seven_eleven',
      ]),
    );
  });
});
