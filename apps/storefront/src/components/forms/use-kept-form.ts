'use client';

import { type FormEvent, startTransition, useActionState, useCallback } from 'react';

/**
 * `useActionState` for a form that keeps what the buyer entered after the server answers.
 *
 * React 19 resets a `<form action={fn}>` once the action ends, back to the values the inputs were
 * first rendered with: a select goes back to its first default, a password and a checkbox are
 * emptied, so fixing one flagged field would silently submit something else. Submitting through
 * `onSubmit` (default prevented, the action dispatched in a transition) is React's documented way
 * to skip that reset. `action` stays on the form, so it still posts without JavaScript.
 *
 * Spread `formProps` on the `<form>`.
 */
export function useKeptForm<State>(
  action: (previous: State, form: FormData) => Promise<State>,
  initialState: State,
) {
  const [state, dispatch, pending] = useActionState<State, FormData>(
    action as (previous: Awaited<State>, form: FormData) => Promise<State>,
    initialState as Awaited<State>,
  );
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const data = new FormData(event.currentTarget, submitter);
      startTransition(() => dispatch(data));
    },
    [dispatch],
  );
  return { state, pending, formProps: { action: dispatch, onSubmit } } as const;
}
