import { useEffect, useState } from 'react';
import { formatAmount } from '../../core/amount.ts';
import type { I18n } from '../../core/i18n/i18n.ts';
import { Select } from '../internal/field.tsx';

export type InstallmentChoice = { value: number; plan?: 'revolving' };

/** Options "3x €3.33" (with amounts) or "3 months". */
export function installmentSelectOptions(
  values: number[],
  amount: { value: number; currency: string } | undefined,
  i18n: I18n,
  showAmounts: boolean | undefined,
) {
  return values.map((value) => ({
    id: String(value),
    name:
      showAmounts && amount
        ? i18n.get('installmentOption', {
            times: value,
            partialValue: formatAmount(
              { value: Math.round(amount.value / value), currency: amount.currency },
              i18n.locale,
            ),
          })
        : i18n.get('installmentOptionMonths', { times: value }),
  }));
}

/** Number of instalments; with revolving plans, one-time / instalments / revolving first. */
export function Installments(props: {
  i18n: I18n;
  choices: { id: string; name: string }[];
  revolving: boolean;
  preselected: number;
  value: InstallmentChoice | undefined;
  onChange(value: InstallmentChoice): void;
}) {
  const { i18n, value, onChange, preselected } = props;
  const [mode, setMode] = useState<'onetime' | 'installments' | 'revolving'>(
    props.revolving ? 'onetime' : 'installments',
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preselected value applies once.
  useEffect(() => {
    if (!props.revolving) onChange({ value: preselected });
  }, []);
  const select = (
    <Select
      name="installments"
      label={i18n.get('installments')}
      value={String(value?.value ?? preselected)}
      options={props.choices}
      onChange={(next) => onChange({ value: Number(next) })}
    />
  );
  if (!props.revolving) return select;
  const modes = [
    ['onetime', 'installments.oneTime'],
    ['installments', 'installments.installments'],
    ['revolving', 'installments.revolving'],
  ] as const;
  return (
    <fieldset className="actuate-checkout__fieldset actuate-checkout__installments">
      <legend className="actuate-checkout__legend">{i18n.get('installments')}</legend>
      {modes.map(([id, key]) => (
        <label key={id} className="actuate-checkout__radio">
          <input
            type="radio"
            name="installments-plan"
            value={id}
            checked={mode === id}
            onChange={() => {
              setMode(id);
              onChange(
                id === 'revolving'
                  ? { value: 1, plan: 'revolving' }
                  : { value: id === 'onetime' ? 1 : preselected },
              );
            }}
          />
          {i18n.get(key)}
        </label>
      ))}
      {mode === 'installments' ? select : null}
    </fieldset>
  );
}
