/** Who is calling: the token's subject owns the orders it creates. */
export interface Caller {
  subject: string;
  name: string | null;
}
