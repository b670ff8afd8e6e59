import { createHash } from 'node:crypto';
import type { SubmitSalesOrderRequest } from './models.ts';

/** JSON with object keys sorted, so equal bodies hash equally whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined && member !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestHash = (request: SubmitSalesOrderRequest) =>
  createHash('sha256').update(canonicalJson(request)).digest('hex');
