import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ApprovalRule } from 'ordercloud-javascript-sdk';
import {
  type CaughtOrder,
  listApprovalRules,
  listCaughtOrders,
  listGroups,
  type Party,
} from '@/backend/buyer-admin/platform';
import { fromExpression, type RuleCondition } from '@/backend/buyer-admin/rule-conditions';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { dateTime } from '@/components/orders/format';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { deleteRuleAction, saveRuleAction } from './actions';
import { ruleSentence } from './sentence';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/account/approval-rules'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'BuyerAdmin.rules',
  });
  return { title: t('title') };
}

const ERRORS = new Set([
  'amountInvalid',
  'familyInvalid',
  'kindInvalid',
  'groupInvalid',
  'invalid',
  'forbidden',
  'failed',
]);

/** The company's approval rules in plain words, with the orders each one stopped (buyer admins only). */
export default async function ApprovalRulesPage({
  params,
  searchParams,
}: PageProps<'/[locale]/account/approval-rules'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'BuyerAdmin.rules' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const allowed = capabilitiesOf(buyer.roles).manageApprovalRules;
  const data = allowed
    ? await Promise.all([
        listApprovalRules(buyer.token, buyer.companyId),
        listGroups(buyer.token, buyer.companyId),
      ]).catch((error) => {
        console.warn(`[approval-rules] list failed: ${String(error)}`);
        return undefined;
      })
    : undefined;
  const caught = data
    ? await Promise.all(
        data[0].map((rule) =>
          listCaughtOrders(buyer.token, buyer.companyId, rule.ID ?? '').catch(() => undefined),
        ),
      )
    : [];
  const edit = typeof query.edit === 'string' ? query.edit : undefined;
  const error = typeof query.error === 'string' && ERRORS.has(query.error) ? query.error : undefined;
  const done = query.done === 'saved' || query.done === 'deleted' ? query.done : undefined;
  const groupName = (id: string | undefined) => data?.[1].find((group) => group.id === id)?.name ?? id ?? '';
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="approvalRules" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')}>
        {allowed && data && edit !== 'new' ? (
          <Link href="/account/approval-rules?edit=new" className="button-secondary">
            {t('add')}
          </Link>
        ) : null}
      </PageHeader>
      {done ? (
        <Notice tone="success" alert testId="rules-done">
          {t(done)}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="danger" alert testId="rules-error">
          {t(`errors.${error}` as 'errors.failed')}
        </Notice>
      ) : null}
      {!allowed ? (
        <Notice tone="danger">{t('forbidden')}</Notice>
      ) : !data ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : (
        <>
          {edit === 'new' ? <RuleForm locale={locale} groups={data[1]} currency={buyer.currency} /> : null}
          {data[0].length === 0 ? (
            <p className="py-10 text-center text-ink-muted">{t('empty')}</p>
          ) : (
            <ul className="mt-4 space-y-6" data-testid="approval-rules">
              {data[0].map((rule, index) => {
                const condition = fromExpression(rule.RuleExpression ?? '');
                const sentence = condition
                  ? ruleSentence(t, condition, groupName(rule.ApprovingGroupID), buyer.currency, locale)
                  : undefined;
                return (
                  <li key={rule.ID} data-rule-id={rule.ID}>
                    <article
                      aria-labelledby={`rule-${rule.ID}`}
                      className="rounded-lg border border-line p-4 sm:p-6"
                    >
                      <h2 id={`rule-${rule.ID}`} className="text-xl font-semibold break-words">
                        {rule.Name || sentence || rule.ID}
                      </h2>
                      {sentence ? (
                        <p className="mt-2" data-testid="rule-sentence">
                          {sentence}
                        </p>
                      ) : (
                        <div className="mt-2">
                          <p className="text-ink-muted">
                            {t('readOnly', { group: groupName(rule.ApprovingGroupID) })}
                          </p>
                          <code className="mt-1 block break-all rounded bg-surface-muted p-2 text-sm">
                            {rule.RuleExpression}
                          </code>
                        </div>
                      )}
                      {condition && edit === rule.ID ? (
                        <RuleForm
                          locale={locale}
                          groups={data[1]}
                          currency={buyer.currency}
                          rule={rule}
                          condition={condition}
                        />
                      ) : null}
                      <div className="mt-3 flex flex-wrap gap-3">
                        {condition && edit !== rule.ID ? (
                          <Link
                            href={`/account/approval-rules?edit=${encodeURIComponent(rule.ID ?? '')}`}
                            className="button-secondary"
                            aria-label={t('editLabel', { name: rule.Name || sentence || '' })}
                          >
                            {t('edit')}
                          </Link>
                        ) : null}
                        <form action={deleteRuleAction.bind(null, locale, rule.ID ?? '')}>
                          <button
                            type="submit"
                            className="button-secondary"
                            aria-label={t('deleteLabel', { name: rule.Name || sentence || rule.ID || '' })}
                          >
                            {t('delete')}
                          </button>
                        </form>
                      </div>
                      <CaughtOrders locale={locale} orders={caught[index]} ruleId={rule.ID ?? ''} />
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

async function CaughtOrders({
  locale,
  orders,
  ruleId,
}: {
  readonly locale: AppLocale;
  readonly orders: CaughtOrder[] | undefined;
  readonly ruleId: string;
}) {
  const t = await getTranslations({ locale, namespace: 'BuyerAdmin.rules' });
  const tStatus = await getTranslations({ locale, namespace: 'BuyerAdmin.approvalStatus' });
  return (
    <section aria-labelledby={`caught-${ruleId}`} className="mt-4 border-t border-line pt-3">
      <h3 id={`caught-${ruleId}`} className="font-semibold">
        {t('caught')}
      </h3>
      {!orders ? (
        <p className="text-ink-muted">{t('caughtError')}</p>
      ) : orders.length === 0 ? (
        <p className="text-ink-muted">{t('caughtNone')}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm" data-testid="caught-orders">
          {orders.map((order) => (
            <li key={order.ID} className="flex flex-wrap gap-x-4" data-order-id={order.ID}>
              <span className="font-medium">{order.ID}</span>
              <span>
                {order.FromUser
                  ? `${order.FromUser.FirstName ?? ''} ${order.FromUser.LastName ?? ''}`.trim()
                  : ''}
              </span>
              <span>{formatMoney(order.Total, order.Currency ?? 'DKK', locale)}</span>
              <span>{dateTime(order.Approval?.DateCreated ?? order.DateCreated, locale)}</span>
              <span>{tStatus(statusKey(order.Approval?.Status))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function statusKey(status: string | undefined): 'Pending' | 'Approved' | 'Declined' {
  return status === 'Approved' || status === 'Declined' ? status : 'Pending';
}

async function RuleForm({
  locale,
  groups,
  currency,
  rule,
  condition,
}: {
  readonly locale: AppLocale;
  readonly groups: Party[];
  readonly currency: string;
  readonly rule?: ApprovalRule;
  readonly condition?: RuleCondition;
}) {
  const t = await getTranslations({ locale, namespace: 'BuyerAdmin.rules' });
  const prefix = rule?.ID ?? 'new';
  const kind = condition?.kind ?? 'orderTotalOver';
  return (
    <form
      action={saveRuleAction.bind(null, locale, rule?.ID)}
      className="mt-4 grid max-w-xl gap-4 rounded-lg border border-line p-4"
      aria-label={rule ? t('editTitle') : t('addTitle')}
      data-testid="rule-form"
    >
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t('kind')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="orderTotalOver" defaultChecked={kind === 'orderTotalOver'} />
          {t('kindTotal', { currency })}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="family" defaultChecked={kind === 'family'} />
          {t('kindFamily')}
        </label>
      </fieldset>
      <label className="grid gap-1" htmlFor={`${prefix}-amount`}>
        {t('amount', { currency })}
        <input
          id={`${prefix}-amount`}
          name="amount"
          inputMode="decimal"
          className="field-input"
          defaultValue={condition?.kind === 'orderTotalOver' ? String(condition.amount) : ''}
          aria-describedby={`${prefix}-amount-hint`}
        />
        <span id={`${prefix}-amount-hint`} className="text-sm text-ink-muted">
          {t('amountHint')}
        </span>
      </label>
      <label className="grid gap-1" htmlFor={`${prefix}-family`}>
        {t('family')}
        <input
          id={`${prefix}-family`}
          name="family"
          className="field-input"
          maxLength={40}
          defaultValue={condition?.kind === 'family' ? condition.family : ''}
          aria-describedby={`${prefix}-family-hint`}
        />
        <span id={`${prefix}-family-hint`} className="text-sm text-ink-muted">
          {t('familyHint')}
        </span>
      </label>
      <label className="grid gap-1" htmlFor={`${prefix}-group`}>
        {t('group')}
        <select
          id={`${prefix}-group`}
          name="group"
          className="field-input"
          defaultValue={rule?.ApprovingGroupID ?? groups[0]?.id}
        >
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1" htmlFor={`${prefix}-name`}>
        {t('name')}
        <input
          id={`${prefix}-name`}
          name="name"
          className="field-input"
          maxLength={100}
          defaultValue={rule?.Name ?? ''}
          aria-describedby={`${prefix}-name-hint`}
        />
        <span id={`${prefix}-name-hint`} className="text-sm text-ink-muted">
          {t('nameHint')}
        </span>
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="button-primary">
          {t('save')}
        </button>
        <Link href="/account/approval-rules" className="button-secondary">
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}
