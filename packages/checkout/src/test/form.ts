import { act, fireEvent, screen } from '@testing-library/react';

/** The page's input or select with this `name`. */
export const fieldNamed = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

/** Types a value into a field and leaves it, as a shopper does (fields validate on blur). */
export async function typeInto(name: string, value: string) {
  await act(async () => {
    fireEvent.change(fieldNamed(name), { target: { value } });
    fireEvent.blur(fieldNamed(name));
  });
}

/** Clicks the button with this accessible name. */
export const clickButton = (name: string | RegExp) =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));
