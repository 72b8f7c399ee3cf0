import { InvalidInputError } from '../../platform/errors.js';
import { parseOrderId } from '../domain/order-request.js';
import { toOrderView, type OrderView } from '../order-view.js';
import { builder } from '../../graphql/builder.js';
import { OrderStatusEnum } from './enums.js';
import { OrderRef } from './order.js';

/** An order's place in the list: its id, in base64, for clients to pass back and not to read. */
const cursorOf = (id: number) => Buffer.from(String(id)).toString('base64');

/** The order a cursor names; anything this service did not hand out is refused. */
function idOf(cursor: string): number {
  const text = Buffer.from(cursor, 'base64').toString('latin1');
  try {
    const id = parseOrderId(text);
    if (cursorOf(id) === cursor) return id;
  } catch {
    // Answered below, naming the argument.
  }
  throw new InvalidInputError('after', 'debe ser un cursor dado por esta lista (endCursor o el cursor de una orden)');
}

interface Connection {
  views: OrderView[];
  hasNextPage: boolean;
}

const PageInfo = builder.objectRef<Connection>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.string({
      nullable: true,
      description: 'Pass it as `after` for the next page; null when the page is empty',
      resolve: ({ views }) => (views.length ? cursorOf(views.at(-1)!.id) : null),
    }),
  }),
});

const OrderEdge = builder.objectRef<OrderView>('OrderEdge').implement({
  fields: (t) => ({
    cursor: t.string({ resolve: (view) => cursorOf(view.id) }),
    node: t.field({ type: OrderRef, resolve: (view) => view }),
  }),
});

const OrderConnection = builder.objectRef<Connection>('OrderConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [OrderEdge], resolve: ({ views }) => views }),
    pageInfo: t.field({ type: PageInfo, resolve: (connection) => connection }),
  }),
});

builder.queryField('orders', (t) =>
  t.field({
    type: OrderConnection,
    description: "The caller's own orders, newest first, a page at a time",
    args: {
      first: t.arg.int({ description: 'How many, 1 to 100; 20 when left out' }),
      after: t.arg.string({ description: "The endCursor of the page before, or an edge's cursor" }),
      status: t.arg({ type: OrderStatusEnum, description: 'Only the orders in this status' }),
    },
    resolve: async (_root, { first, after, status }, { caller, orders }) => {
      const page = await orders.listOrders(caller, { first, after: after == null ? null : idOf(after), status });
      return { views: page.orders.map(toOrderView), hasNextPage: page.hasNextPage };
    },
  }),
);
