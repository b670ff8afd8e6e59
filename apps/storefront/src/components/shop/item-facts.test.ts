import { describe, expect, it } from 'vitest';
import { itemFacts } from './item-facts';

describe('catalogue item facts', () => {
  it('shows the buyer facets, and what tells items of one name apart', () => {
    const facts = itemFacts(
      [
        { id: 'a', name: 'LA36', facets: { voltage: '24 V', strokeLength: '300 mm', cableLength: '1 m' } },
        { id: 'b', name: 'LA36', facets: { voltage: '24 V', strokeLength: '300 mm', cableLength: '2 m' } },
        { id: 'c', name: 'HD25', facets: { voltage: '12 V', cableLength: '2 m' } },
      ],
      ['voltage', 'cableLength', 'strokeLength'],
    );
    expect(facts.get('a')).toEqual([
      { key: 'strokeLength', value: '300 mm' },
      { key: 'voltage', value: '24 V' },
      { key: 'cableLength', value: '1 m' },
    ]);
    expect(facts.get('b')?.at(-1)).toEqual({ key: 'cableLength', value: '2 m' });
    expect(facts.get('c')).toEqual([{ key: 'voltage', value: '12 V' }]);
  });
});
