import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountElement } from '../../test/mount.ts';
import { PayByBankUS, type PayByBankUSOptions } from './index.tsx';

const mount = (options: PayByBankUSOptions) =>
  mountElement((checkout) => new PayByBankUS(checkout, options), { locale: 'da-DK' });

describe('Pay by Bank US', () => {
  it('shows the direct-debit authorization naming the merchant, in the shopper language', async () => {
    const { host, submitted } = await mount({ merchantDisplayName: 'Actuate Supplies' });
    expect(host.textContent).toContain('giver du Actuate Supplies tilladelse');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fortsæt til Pay by Bank' })));
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'paybybank_AIS_DD' });
  });

  it('pays with a stored account', async () => {
    const { host, submitted } = await mount({ storedPaymentMethodId: 'pbb-1' });
    expect(host.textContent).toContain('forhandleren');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(submitted[0]?.paymentMethod).toEqual({
      type: 'paybybank_AIS_DD',
      storedPaymentMethodId: 'pbb-1',
    });
  });
});
