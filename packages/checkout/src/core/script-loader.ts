import { CheckoutError } from './errors.ts';

const loading = new Map<string, Promise<void>>();

/**
 * Loads an external script once (wallet and scheme SDKs of later payment methods), with the
 * merchant's CSP nonce. The widget itself injects no inline script or style, so a strict
 * `script-src`/`style-src` policy needs no 'unsafe-inline'.
 */
export function loadScript(
  src: string,
  options: { nonce?: string | undefined; attributes?: Record<string, string> } = {},
): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (options.nonce) script.nonce = options.nonce;
    for (const [name, value] of Object.entries(options.attributes ?? {})) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new CheckoutError('SCRIPT_ERROR', 'Unable to load script', { cause: src }));
    });
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
