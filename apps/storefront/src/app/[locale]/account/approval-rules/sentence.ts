import type { RuleCondition } from '@/backend/buyer-admin/rule-conditions';
import { formatMoney } from '@/format/money';

type Translate = (key: 'sentenceTotal' | 'sentenceFamily', values: Record<string, string>) => string;

/** A rule in plain words: "Orders over DKK 50,000.00 need approval by Approvers." */
export function ruleSentence(
  t: Translate,
  condition: RuleCondition,
  group: string,
  currency: string,
  locale: string,
): string {
  return condition.kind === 'orderTotalOver'
    ? t('sentenceTotal', { amount: formatMoney(condition.amount, currency, locale), group })
    : t('sentenceFamily', { family: condition.family, group });
}
