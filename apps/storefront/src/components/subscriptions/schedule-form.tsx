'use client';

import { useKeptForm } from '@/components/forms/use-kept-form';
import { SUBSCRIPTION_INTERVALS, type SubscriptionInterval } from './schedule';

export interface ScheduleFormState {
  readonly ok?: boolean;
  readonly message?: string;
  /** Field name → problem text. */
  readonly problems?: Readonly<Record<string, string>>;
}

export interface AddressOption {
  readonly id: string;
  readonly label: string;
}

export interface ScheduleFormProps {
  readonly action: (previous: ScheduleFormState, form: FormData) => Promise<ScheduleFormState>;
  readonly idPrefix: string;
  readonly defaults: {
    readonly frequency: number;
    readonly interval: SubscriptionInterval;
    readonly nextOrderDate: string;
    readonly endDate?: string;
    readonly shippingAddressId?: string;
    readonly billingAddressId?: string;
    readonly customerReference?: string;
    readonly name?: string;
  };
  /** Minimum selectable order date (`YYYY-MM-DD`). */
  readonly minDate?: string;
  /** Address choices and reference: only when creating. */
  readonly shippingAddresses?: readonly AddressOption[];
  readonly billingAddresses?: readonly AddressOption[];
  readonly labels: {
    readonly legend: string;
    readonly frequency: string;
    readonly interval: string;
    readonly intervals: Readonly<Record<SubscriptionInterval, string>>;
    readonly date: string;
    readonly endDate: string;
    readonly endDateHint: string;
    readonly shippingAddress: string;
    readonly billingAddress: string;
    readonly chooseAddress: string;
    readonly customerReference: string;
    readonly customerReferenceHint: string;
    /** The buyer's own name of the subscription (xp.Name), asked when creating. */
    readonly name?: string;
    readonly submit: string;
    readonly submitting: string;
  };
}

function FieldError({ id, text }: { readonly id: string; readonly text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {text}
    </p>
  );
}

/** The schedule of a subscription (and, when creating, its addresses and purchase order reference). */
export function ScheduleForm({
  action,
  idPrefix,
  defaults,
  minDate,
  shippingAddresses,
  billingAddresses,
  labels,
}: ScheduleFormProps) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const problems = state.problems ?? {};
  const field = (name: string) => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${idPrefix}-${name}-error` : undefined,
  });
  return (
    <form {...formProps} className="space-y-5" noValidate>
      {state.message ? (
        <p
          role={state.ok ? 'status' : 'alert'}
          data-testid="schedule-result"
          className={`rounded-md border-l-4 px-4 py-3 text-sm ${state.ok ? 'border-brand bg-brand-soft' : 'border-danger bg-danger-soft text-danger'}`}
        >
          {state.message}
        </p>
      ) : null}
      <fieldset>
        <legend className="font-semibold">{labels.legend}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor={`${idPrefix}-frequency`} className="block text-sm font-medium">
              {labels.frequency}
            </label>
            <input
              {...field('frequency')}
              name="frequency"
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              required
              defaultValue={defaults.frequency}
              className="field-input"
            />
            <FieldError id={`${idPrefix}-frequency-error`} text={problems.frequency} />
          </div>
          <div>
            <label htmlFor={`${idPrefix}-interval`} className="block text-sm font-medium">
              {labels.interval}
            </label>
            <select
              {...field('interval')}
              name="interval"
              defaultValue={defaults.interval}
              className="field-input"
            >
              {SUBSCRIPTION_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {labels.intervals[interval]}
                </option>
              ))}
            </select>
            <FieldError id={`${idPrefix}-interval-error`} text={problems.interval} />
          </div>
          <div>
            <label htmlFor={`${idPrefix}-nextOrderDate`} className="block text-sm font-medium">
              {labels.date}
            </label>
            <input
              {...field('nextOrderDate')}
              name="nextOrderDate"
              type="date"
              required
              min={minDate}
              defaultValue={defaults.nextOrderDate}
              className="field-input"
            />
            <FieldError id={`${idPrefix}-nextOrderDate-error`} text={problems.nextOrderDate} />
          </div>
          <div>
            <label htmlFor={`${idPrefix}-endDate`} className="block text-sm font-medium">
              {labels.endDate}
            </label>
            <input
              {...field('endDate')}
              aria-describedby={`${idPrefix}-endDate-hint${problems.endDate ? ` ${idPrefix}-endDate-error` : ''}`}
              name="endDate"
              type="date"
              min={minDate}
              defaultValue={defaults.endDate ?? ''}
              className="field-input"
            />
            <p id={`${idPrefix}-endDate-hint`} className="mt-1 text-xs text-ink-muted">
              {labels.endDateHint}
            </p>
            <FieldError id={`${idPrefix}-endDate-error`} text={problems.endDate} />
          </div>
        </div>
      </fieldset>
      {shippingAddresses && billingAddresses ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${idPrefix}-shipping`} className="block text-sm font-medium">
              {labels.shippingAddress}
            </label>
            <select
              {...field('shippingAddressId')}
              id={`${idPrefix}-shipping`}
              name="shippingAddressId"
              required
              defaultValue={defaults.shippingAddressId ?? ''}
              className="field-input"
            >
              <option value="">{labels.chooseAddress}</option>
              {shippingAddresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {address.label}
                </option>
              ))}
            </select>
            <FieldError id={`${idPrefix}-shippingAddressId-error`} text={problems.shippingAddressId} />
          </div>
          <div>
            <label htmlFor={`${idPrefix}-billing`} className="block text-sm font-medium">
              {labels.billingAddress}
            </label>
            <select
              {...field('billingAddressId')}
              id={`${idPrefix}-billing`}
              name="billingAddressId"
              required
              defaultValue={defaults.billingAddressId ?? ''}
              className="field-input"
            >
              <option value="">{labels.chooseAddress}</option>
              {billingAddresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {address.label}
                </option>
              ))}
            </select>
            <FieldError id={`${idPrefix}-billingAddressId-error`} text={problems.billingAddressId} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${idPrefix}-name`} className="block text-sm font-medium">
              {labels.name}
            </label>
            <input
              {...field('name')}
              name="name"
              type="text"
              maxLength={100}
              required
              defaultValue={defaults.name ?? ''}
              className="field-input max-w-md"
            />
            <FieldError id={`${idPrefix}-name-error`} text={problems.name} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${idPrefix}-customerReference`} className="block text-sm font-medium">
              {labels.customerReference}
            </label>
            <input
              {...field('customerReference')}
              aria-describedby={`${idPrefix}-customerReference-hint${problems.customerReference ? ` ${idPrefix}-customerReference-error` : ''}`}
              name="customerReference"
              type="text"
              maxLength={100}
              required
              defaultValue={defaults.customerReference ?? ''}
              className="field-input max-w-md"
            />
            <p id={`${idPrefix}-customerReference-hint`} className="mt-1 text-xs text-ink-muted">
              {labels.customerReferenceHint}
            </p>
            <FieldError id={`${idPrefix}-customerReference-error`} text={problems.customerReference} />
          </div>
        </div>
      ) : null}
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
