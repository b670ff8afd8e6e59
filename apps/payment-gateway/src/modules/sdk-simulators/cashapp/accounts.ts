import { createHash } from 'node:crypto';
import type { CashAppCustomer } from '../../payments/methods/cashapp/grants.ts';

/**
 * The simulator's test Cash App accounts, one per outcome at authorisation (like card holder-name
 * triggers): the shopper picks one in the "approve on your phone" dialog.
 */
export const CASHAPP_TEST_ACCOUNTS: readonly { cashtag: string; trigger?: string }[] = [
  { cashtag: '$sandbox-shopper' },
  { cashtag: '$declined-shopper', trigger: 'DECLINED' },
];

export function testCustomer(cashtag: string): CashAppCustomer | undefined {
  const account = CASHAPP_TEST_ACCOUNTS.find((candidate) => candidate.cashtag === cashtag);
  if (!account) return undefined;
  // A stable id per account, as Cash App keeps one customer id per shopper.
  const id = `CST_${createHash('sha256').update(account.cashtag).digest('hex').slice(0, 16).toUpperCase()}`;
  return { id, cashtag: account.cashtag, ...(account.trigger ? { trigger: account.trigger } : {}) };
}
