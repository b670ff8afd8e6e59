// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('server-side rendering safety', () => {
  it('importing the package and its React bindings touches no window or document', async () => {
    expect(typeof window).toBe('undefined');
    const core = await import('./index.ts');
    const react = await import('./react/index.ts');
    expect(typeof core.createCheckout).toBe('function');
    expect(typeof core.Card).toBe('function');
    expect(typeof react.CardElement).toBe('function');
  });

  it('the React bindings render on the server without creating a checkout', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { CheckoutProvider, CardElement } = await import('./react/index.ts');
    const html = renderToString(
      createElement(
        CheckoutProvider,
        { options: { clientKey: 'k', environmentUrl: 'http://localhost:8080/' } },
        createElement(CardElement, { fallback: createElement('p', null, 'Loading payment form') }),
      ),
    );
    expect(html).toBe('<p>Loading payment form</p>');
  });
});
