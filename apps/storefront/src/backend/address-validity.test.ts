import { describe, expect, it } from 'vitest';
import { addressValidity, isAddressInUse, preselectedAddressId } from './address-validity';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('addressValidity', () => {
  it('treats an address without a validity period as open', () => {
    expect(addressValidity({}, now)).toBe('open');
    expect(addressValidity({ xp: { ValidFrom: '2024-01-01T00:00:00Z', ValidTo: null } }, now)).toBe('open');
  });

  it('closes an address whose ValidTo has passed', () => {
    expect(addressValidity({ xp: { ValidTo: '2026-01-15T00:00:00Z' } }, now)).toBe('closed');
    expect(addressValidity({ xp: { ValidTo: '2026-03-01T12:00:00Z' } }, now)).toBe('closed');
    expect(isAddressInUse({ xp: { ValidTo: '2026-01-15T00:00:00Z' } }, now)).toBe(false);
  });

  it('keeps an address open until its ValidTo', () => {
    expect(isAddressInUse({ xp: { ValidTo: '2026-06-01T00:00:00Z' } }, now)).toBe(true);
  });

  it('does not offer an address before its ValidFrom', () => {
    expect(addressValidity({ xp: { ValidFrom: '2026-04-01T00:00:00Z' } }, now)).toBe('notYetOpen');
  });

  it('ignores values that are not dates', () => {
    expect(addressValidity({ xp: { ValidTo: 'soon', ValidFrom: 42 } }, now)).toBe('open');
  });
});

describe('preselectedAddressId', () => {
  const home = { ID: 'anna-home', xp: {} };
  const office = { ID: 'head-office', xp: { ErpId: 'ADK-300001' } };

  it('keeps the chosen address while it is offered', () => {
    expect(preselectedAddressId('anna-home', [home, office])).toBe('anna-home');
  });

  it('otherwise prefers an address the ERP knows over a personal one', () => {
    expect(preselectedAddressId(undefined, [home, office])).toBe('head-office');
    expect(preselectedAddressId('closed-warehouse', [home, office])).toBe('head-office');
  });

  it('falls back to the first offered, or nothing', () => {
    expect(preselectedAddressId(undefined, [home])).toBe('anna-home');
    expect(preselectedAddressId(undefined, [])).toBeUndefined();
  });
});
