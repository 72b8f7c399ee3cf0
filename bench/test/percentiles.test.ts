import { describe, expect, it } from 'vitest';
import { describeSpread, spread } from '../percentiles.js';

describe('spread', () => {
  it('when there are a hundred samples, then the p99 is the 99th smallest and the max the largest', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted
    expect(spread(samples)).toEqual({ count: 100, p50Ms: 50, p99Ms: 99, maxMs: 100 });
  });

  it('when there are few samples, then a percentile is a sample, never one made between two', () => {
    expect(spread([3, 1, 2])).toMatchObject({ p50Ms: 2, p99Ms: 3, maxMs: 3 });
    expect(spread([10, 20])).toMatchObject({ p50Ms: 10, p99Ms: 20 });
    expect(spread([7])).toEqual({ count: 1, p50Ms: 7, p99Ms: 7, maxMs: 7 });
  });

  it('when one slow sample hides among a thousand, then it is the max, not the p99', () => {
    const samples = [...Array.from({ length: 999 }, () => 4), 800];
    expect(spread(samples)).toMatchObject({ p99Ms: 4, maxMs: 800 });
  });

  it('when samples are fractions of a millisecond, then they are kept to a tenth', () => {
    expect(spread([0.04, 1.26, 2.349])).toMatchObject({ p50Ms: 1.3, maxMs: 2.3 });
  });

  it('when the samples are given, then they are left in their order', () => {
    const samples = [3, 1, 2];
    spread(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('when there is no sample, then every figure is missing rather than zero, and said so', () => {
    const none = spread([]);
    expect(none.count).toBe(0);
    expect(none.p99Ms).toBeNaN();
    expect(describeSpread(none)).toBe('no samples');
  });

  it('when described, then the three figures and the count are given', () => {
    expect(describeSpread(spread([1, 2, 3, 4]))).toBe('p50 2.0 ms, p99 4.0 ms, max 4.0 ms (4 samples)');
  });
});
