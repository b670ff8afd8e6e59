import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../test/fake-gateway.ts';
import { PayByBankUS } from './index.tsx';

async function mount(options: ConstructorParameters<typeof PayByBankUS>[1]) {
  const onSubmit = vi.fn();
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    locale: 'da-DK',
    onSubmit,
  });
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  await act(async () => {
    new PayByBankUS(checkout, options).mount(host);
  });
  return { host, onSubmit };
}

describe('Pay by Bank US', () => {
  it('shows the direct-debit authorization naming the merchant, in the shopper language', async () => {
    const { host, onSubmit } = await mount({ merchantDisplayName: 'Actuate Supplies' });
    expect(host.textContent).toContain('giver du Actuate Supplies tilladelse');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fortsæt til Pay by Bank' })));
    expect(onSubmit.mock.calls[0]?.[0].data.paymentMethod).toEqual({ type: 'paybybank_AIS_DD' });
  });

  it('pays with a stored account', async () => {
    const { host, onSubmit } = await mount({ storedPaymentMethodId: 'pbb-1' });
    expect(host.textContent).toContain('forhandleren');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(onSubmit.mock.calls[0]?.[0].data.paymentMethod).toEqual({
      type: 'paybybank_AIS_DD',
      storedPaymentMethodId: 'pbb-1',
    });
  });
});
