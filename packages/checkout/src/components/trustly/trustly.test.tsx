import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../test/fake-gateway.ts';
import { Trustly } from './index.tsx';

describe('Trustly', () => {
  it('explains the flow before the continue button and sends its type', async () => {
    const onSubmit = vi.fn();
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      onSubmit,
    });
    const host = document.createElement('div');
    document.body.replaceChildren(host);
    await act(async () => {
      new Trustly(checkout, { type: 'trustly', name: 'Trustly' }).mount(host);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(host.textContent).toContain('Pay directly from your bank account');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Trustly' })));
    expect(onSubmit.mock.calls[0]?.[0].data.paymentMethod).toEqual({ type: 'trustly' });
    expect(await axeViolations(host)).toEqual([]);
  });
});
