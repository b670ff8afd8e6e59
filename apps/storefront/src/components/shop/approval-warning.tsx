import { getTranslations } from 'next-intl/server';
import type { ApprovalPreviewRule } from '@/backend/approval-preview';
import { Notice } from '@/components/account/ui';

/** The checkout's warning that the order will wait for an approver, with the rules' names. */
export async function ApprovalWarning({
  locale,
  rules,
}: {
  locale: string;
  rules: readonly ApprovalPreviewRule[];
}) {
  if (rules.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  return (
    <Notice tone="info" testId="approval-warning">
      <p className="font-medium">{t('approvalWarning.title')}</p>
      <p className="mt-1">{t('approvalWarning.body')}</p>
      <ul className="mt-1 list-disc pl-5">
        {rules.map((rule) => (
          <li key={rule.id}>{rule.description ?? rule.name ?? t('approvalWarning.unnamed')}</li>
        ))}
      </ul>
    </Notice>
  );
}
