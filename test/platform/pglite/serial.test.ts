import { describe, expect, it } from 'vitest';
import { serially } from '../../../src/platform/pglite/serial.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('work done serially', () => {
  it('when pieces are asked for together, then each starts after the one before has settled, in the order asked', async () => {
    const alone = serially();
    const events: string[] = [];
    const piece = (name: string) =>
      alone(async () => {
        events.push(`${name} starts`);
        await tick();
        events.push(`${name} ends`);
        return name;
      });

    expect(await Promise.all([piece('a'), piece('b'), piece('c')])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('when a piece fails, whether it throws at once or later, then its caller gets the error and the next piece runs', async () => {
    const alone = serially();
    const thrown = alone(() => {
      throw new Error('at once');
    });
    const rejected = alone(async () => {
      await tick();
      throw new Error('later');
    });
    const next = alone(async () => 'next');

    await expect(thrown).rejects.toThrow('at once');
    await expect(rejected).rejects.toThrow('later');
    expect(await next).toBe('next');
    expect(await alone(async () => 'and after')).toBe('and after');
  });
});
