/** An enum's values named as the stored values upper-cased, each with its description when given. */
export const upperCased = <T extends string>(values: readonly T[], descriptions?: Record<T, string>) =>
  Object.fromEntries(
    values.map((v) => [v.toUpperCase(), descriptions ? { value: v, description: descriptions[v] } : { value: v }]),
  ) as Record<Uppercase<T>, { value: T; description?: string }>;
