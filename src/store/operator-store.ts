import type { Operator } from '../core/operator-roster.js';
import type { ServiceCode } from '../core/order.js';
import type { Sql } from './sql.js';

interface OperatorRow {
  id: string;
  name: string;
  phone: string;
  services: number[];
  latitude: number;
  longitude: number;
  on_duty: boolean;
  updated_at: Date | string;
}

const fromRow = (r: OperatorRow): Operator => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  services: r.services as ServiceCode[],
  position: { latitude: r.latitude, longitude: r.longitude },
  onDuty: r.on_duty,
  updatedAt: new Date(r.updated_at),
});

export function createOperatorStore(sql: Sql) {
  return {
    async all(): Promise<Operator[]> {
      const { rows } = await sql.query<OperatorRow>('select * from operators order by id');
      return rows.map(fromRow);
    },
    async count(): Promise<number> {
      const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from operators');
      return rows[0]?.n ?? 0;
    },
    async insertMany(operators: Operator[]): Promise<void> {
      await sql.transaction(async (tx) => {
        for (const op of operators) {
          await tx.query(
            `insert into operators (id, name, phone, services, latitude, longitude, on_duty, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [op.id, op.name, op.phone, op.services, op.position.latitude, op.position.longitude, op.onDuty,
              op.updatedAt.toISOString()],
          );
        }
      });
    },
  };
}
