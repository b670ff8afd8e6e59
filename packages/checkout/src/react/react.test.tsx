import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Card } from '../components/card/card.tsx';
import {
  CLIENT_KEY,
  type FakeFrames,
  GATEWAY_URL,
  installFakeFetch,
  installFakeFrames,
  tick,
} from '../test/fake-gateway.ts';
import { CardElement, CheckoutProvider, DropinElement } from './index.ts';

let frames: FakeFrames;
const options = {
  clientKey: CLIENT_KEY,
  environmentUrl: GATEWAY_URL,
  analytics: { enabled: false },
  risk: { enabled: false },
  amount: { value: 1999, currency: 'EUR' },
  paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa'] }] },
  onSubmit: vi.fn(),
};

beforeEach(() => {
  document.body.replaceChildren();
  frames = installFakeFrames();
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('React bindings', () => {
  it('in StrictMode, one card with one set of frames; unmount removes them', async () => {
    const view = render(
      <StrictMode>
        <CheckoutProvider options={options}>
          <CardElement options={{ hasHolderName: true }} fallback={<p>Loading</p>} />
        </CheckoutProvider>
      </StrictMode>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => tick());
    expect(frames.all()).toHaveLength(3);
    await act(async () => frames.configureAll());
    expect(screen.getByRole('button', { name: 'Pay €19.99' })).toBeTruthy();
    expect(screen.getByLabelText(/Name on card/)).toBeTruthy();
    view.unmount();
    expect(frames.all()).toHaveLength(0);
  });

  it('renders the drop-in', async () => {
    render(
      <CheckoutProvider options={options}>
        <DropinElement options={{ paymentMethodComponents: [Card] }} />
      </CheckoutProvider>,
    );
    await act(async () => tick());
    await act(async () => tick());
    expect(screen.getByRole('button', { name: 'Cards', expanded: true })).toBeTruthy();
  });
});
