import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Atome } from './index.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Atome', () => {
  it('asks name and phone only, and no delivery address', async () => {
    await mountElement((checkout) => new Atome(checkout), {
      amount: { value: 30000, currency: 'EUR' },
      countryCode: 'SG',
    });
    expect(screen.getByLabelText('Telephone number')).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(screen.queryByLabelText('Deliver to a different address')).toBeNull();
  });
});
