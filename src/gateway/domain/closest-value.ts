// A misspelling is at most this many edits away from the value it stands for. The two closest
// pending values (pending_payment, pending_partner) are 4 edits apart, so a value can be within
// reach of both: such a value is refused rather than guessed.
export const MAX_EDITS = 2;

/** Edits (insert, delete, substitute, swap two neighbours) from a to b: optimal string alignment. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
      }
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The one documented value within MAX_EDITS of `raw`, or undefined when none or several are.
 * Case is ignored: the values are snake_case words, no two differ only in case, so
 * `PENDING_PARTNER` (an enum name as another language prints it) cannot mean anything else.
 * Every other difference, `-` for `_` included, counts as an edit.
 */
export function closestValue<T extends string>(raw: string, values: readonly T[]): T | undefined {
  // Farther than MAX_EDITS from every value by its length alone; also keeps the table small.
  if (values.every((value) => Math.abs(raw.length - value.length) > MAX_EDITS)) return undefined;
  const folded = raw.toLowerCase();
  const near = values.filter((value) => editDistance(folded, value.toLowerCase()) <= MAX_EDITS);
  return near.length === 1 ? near[0] : undefined;
}
