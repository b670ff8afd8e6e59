import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import { Trustly } from './index.tsx';

describe('Trustly', () => {
  it('explains the flow before the continue button and sends its type', async () => {
    const { host, submitted } = await mountElement(
      (checkout) => new Trustly(checkout, { type: 'trustly', name: 'Trustly' }),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(host.textContent).toContain('Pay directly from your bank account');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Trustly' })));
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'trustly' });
    expect(await axeViolations(host)).toEqual([]);
  });
});
