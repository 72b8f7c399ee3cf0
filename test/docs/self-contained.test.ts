import { describe, expect, it } from 'vitest';
import { documentationFiles, readText } from './markdown.js';

// Documents a clone does not have: the contract and the legacy's specification are kept outside
// the repository, so a guide that cites their sections sends a reader to nothing. The guides say
// the thing itself instead.
const OUTSIDE_REFERENCE = /CONTRACT|spec §|§\s*\d/;

describe('the documentation', () => {
  it.each(documentationFiles())('when %s is read in a clone, then it cites no section of a document outside it', (page) => {
    const citing = readText(page)
      .split('\n')
      .map((line, index) => ({ line: index + 1, text: line }))
      .filter(({ text }) => OUTSIDE_REFERENCE.test(text));

    expect(citing).toEqual([]);
  });
});
