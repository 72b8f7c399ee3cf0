// The one shape both faces' changes take, whatever library found them.

/**
 * BREAKING fails the check: a client that worked against the released document may stop working.
 * DANGEROUS is printed: it may surprise a client (a new enum value it has never seen, a removal
 * the released document had announced with a deprecation). NON_BREAKING is printed too.
 */
export type Level = 'BREAKING' | 'DANGEROUS' | 'NON_BREAKING';

/** What happened to the thing at `path`, as the changelog groups it. */
export type Kind = 'added' | 'deprecated' | 'removed' | 'changed';

export type Face = 'GraphQL' | 'REST';

export interface SchemaChange {
  face: Face;
  level: Level;
  kind: Kind;
  /** Where: `Type.field` in GraphQL; the route and method, then where in the request or answer, in REST. */
  path: string;
  message: string;
  /** Why the level differs from the library's, when it does. */
  note?: string;
  /** A description or other wording: printed by the check, left out of the changelog. */
  wording?: boolean;
}
