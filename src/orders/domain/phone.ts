// The library's build in modern syntax (one of its published entry points): the same code and
// metadata without the helpers its default build spreads objects with, which slowed every check.
import { isPossiblePhoneNumber } from 'libphonenumber-js/min/es6';

// E.164 in form, and a possible length for its country code. Allocation ranges are not checked:
// they change often, and integrators test with numbers such as +56912345678.
const E164 = /^\+[1-9]\d{1,14}$/;

/** A phone number in E.164 form whose length its country code allows. */
export const isPhoneNumber = (text: string): boolean => E164.test(text) && isPossiblePhoneNumber(text);
