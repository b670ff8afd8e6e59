import { STACK_SECRETS } from './secrets.ts';

/**
 * The operator credentials of the internal services the security stack runs with. The suite uses them only
 * to read: a fuzzer holding them reaches the handlers behind the key without being able to change anything.
 */
export const OPERATOR_KEYS: Record<string, { header: string; value: string }> = {
  middleware: { header: 'x-api-key', value: STACK_SECRETS.MIDDLEWARE_ADMIN_KEY },
  backoffice: { header: 'x-api-key', value: STACK_SECRETS.BACKOFFICE_API_KEY },
  'payment-gateway': { header: 'x-api-key', value: STACK_SECRETS.PAYMENT_API_KEY },
  'price-service': { header: 'x-api-key', value: STACK_SECRETS.PRICE_SERVICE_ADMIN_KEY },
};

/** The key's header for an app, or nothing when the app has none or refuses it (another deployment's secret). */
export async function operatorHeaders(
  app: string,
  baseUrl: string,
  probePath: string,
): Promise<Record<string, string> | undefined> {
  const key = OPERATOR_KEYS[app];
  if (!key) return undefined;
  const headers = { [key.header]: key.value };
  const response = await fetch(`${baseUrl}${probePath}`, { headers }).catch(() => undefined);
  return response && response.status !== 401 && response.status !== 403 ? headers : undefined;
}
