import { describe, expect, it } from 'vitest';
import { isValidCpfOrCnpj, isValidMbWayNumber } from './fields.ts';

describe('Pix shopper ids', () => {
  it.each(['123.456.789-09', '12345678909', '11.222.333/0001-81', '11222333000181'])('accepts %s', (id) => {
    expect(isValidCpfOrCnpj(id)).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '123.456.789-19'],
    ['a wrong second check digit', '123.456.789-08'],
    ['a wrong CNPJ check digit', '11.222.333/0001-82'],
    ['one digit repeated', '111.111.111-11'],
    ['12 digits', '123456789012'],
    ['letters', '1234567890a'],
  ])('refuses %s', (_reason, id) => {
    expect(isValidCpfOrCnpj(id)).toBe(false);
  });
});

describe('MB WAY numbers', () => {
  it.each(['+351912345678', '+351 93 123 4567', '+351212345678', '+441234'])('accepts %s', (number) => {
    expect(isValidMbWayNumber(number)).toBe(true);
  });

  it.each(['+351812345678', '+35191234567', '912345678', '+4412'])('refuses %s', (number) => {
    expect(isValidMbWayNumber(number)).toBe(false);
  });
});
