import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dropin } from '../components/dropin/dropin.tsx';
import { installFakeFetch, tick } from '../test/fake-gateway.ts';
import { mountElement } from '../test/mount.ts';
import { awaitMethods } from './await.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('await methods in the catalogue', () => {
  it('loads, for each type, the component registered under it', async () => {
    for (const entry of awaitMethods) {
      const loaded = await entry.load();
      const component = 'default' in loaded ? loaded.default : loaded;
      expect(entry.txVariants).toContain(component.type);
    }
  });

  it('opens a stored Blik in the drop-in as a pay button that sends its id; UPI hides its variants', async () => {
    const { submitted, element } = await mountElement(
      (checkout) =>
        new Dropin(checkout, {
          // As if another family registered the variants on their own.
          paymentMethodComponents: [
            ...awaitMethods,
            { txVariants: ['upi_qr', 'upi_collect'], load: () => import('../components/upi/index.ts') },
          ],
        }),
      {
        amount: { value: 4999, currency: 'PLN' },
        paymentMethodsResponse: {
          paymentMethods: [
            { type: 'blik', name: 'BLIK' },
            { type: 'upi', name: 'UPI', configuration: { appIds: ['gpay'] } },
            { type: 'upi_qr', name: 'UPI QR' },
            { type: 'upi_collect', name: 'UPI Collect' },
          ],
          storedPaymentMethods: [{ id: 'blik-7', type: 'blik', name: 'BLIK' }],
        },
      },
    );
    await act(async () => tick());
    expect(element.activeElement?.type).toBe('blik');
    // The UPI entry covers its variants.
    expect(element.entries.map((entry) => entry.type)).toEqual(['blik', 'blik', 'upi']);
    expect(screen.getByRole('button', { name: 'BLIK', expanded: true })).toBeTruthy();
    expect(screen.queryByLabelText('Blik code')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /^Pay PLN.49\.99$/ })));
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'blik', storedPaymentMethodId: 'blik-7' } }),
    ]);
  });
});
