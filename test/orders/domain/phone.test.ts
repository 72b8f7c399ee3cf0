import { getCountries, getCountryCallingCode, isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from '../../../src/orders/domain/phone.js';

// Every calling code the metadata knows, and a few it does not.
const CALLING_CODES = [...new Set(getCountries().map((country) => getCountryCallingCode(country))), '0', '999', '3'];

describe('isPhoneNumber', () => {
  // ~550 of these numbers are possible, ~2,800 are not.
  it('agrees with the default build of the library for every calling code and length', () => {
    const disagreements: string[] = [];
    for (const code of CALLING_CODES) {
      for (let digits = 1; digits <= 16; digits += 1) {
        const number = `+${code}9${'1234567890123456'.slice(0, digits - 1)}`;
        const expected = /^\+[1-9]\d{1,14}$/.test(number) && isPossiblePhoneNumber(number);
        if (isPhoneNumber(number) !== expected) disagreements.push(number);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each(['+56912345678', '+14155552671', '+442071838750'])('takes %s', (number) => {
    expect(isPhoneNumber(number)).toBe(true);
  });

  it.each(['56912345678', '+5691234', '+0912345678', '+56 9 1234 5678', '+5691234567812345', ''])('refuses %j', (number) => {
    expect(isPhoneNumber(number)).toBe(false);
  });
});
