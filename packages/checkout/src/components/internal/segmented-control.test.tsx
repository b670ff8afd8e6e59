import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SegmentedControl } from './segmented-control.tsx';

function Choice({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <div dir={dir}>
      <SegmentedControl<'a' | 'b' | 'c'>
        label="Choice"
        value={value}
        onChange={setValue}
        segments={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
          { value: 'c', label: 'C' },
        ]}
      />
    </div>
  );
}

afterEach(cleanup);

const checked = () => screen.getByRole('radio', { checked: true }).textContent;

describe('SegmentedControl arrow keys', () => {
  it('left to right: ArrowRight chooses the next segment', async () => {
    render(<Choice dir="ltr" />);
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'A' }), { key: 'ArrowRight' }));
    expect(checked()).toBe('B');
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'B' }), { key: 'ArrowUp' }));
    expect(checked()).toBe('A');
  });

  it('right to left: ArrowLeft chooses the next segment (it is on the left), ArrowRight the previous', async () => {
    render(<Choice dir="rtl" />);
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'A' }), { key: 'ArrowLeft' }));
    expect(checked()).toBe('B');
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'B' }), { key: 'ArrowRight' }));
    expect(checked()).toBe('A');
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'A' }), { key: 'ArrowDown' }));
    expect(checked()).toBe('B');
  });
});
