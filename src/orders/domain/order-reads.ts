import { InvalidInputError } from '../../platform/errors.js';
import type { Fulfilment } from './fulfilment.js';
import type { Order, OrderChange, OrderStatus } from './order.js';
import { parseOrderRequest } from './order-request.js';
import type { Caller } from './ports.js';
import type { Quote } from './quote.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** What a client asks of its list of orders: how many, after which (an order's id), in which status. */
export interface OrdersRequest {
  first?: number | null;
  after?: number | null;
  status?: OrderStatus | null;
}

export interface OrdersPage {
  orders: Order[];
  hasNextPage: boolean;
}

/** What a client reads: its own orders, one or a page of them, their history; and quotes. */
export function createOrderReads({ fulfilment }: { fulfilment: Fulfilment }) {
  function findOrder(caller: Caller, id: number): Promise<Order | null> {
    return fulfilment.find(caller, id);
  }

  /** The caller's orders, newest first, `first` of them after the order `after`. */
  async function listOrders(caller: Caller, { first, after, status }: OrdersRequest): Promise<OrdersPage> {
    const size = first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      throw new InvalidInputError('first', `debe ser un entero entre 1 y ${MAX_PAGE_SIZE}`);
    }
    // One more than asked says whether there is a next page, without counting.
    const page = { limit: size + 1, ...(after == null ? {} : { before: after }), ...(status == null ? {} : { status }) };
    const orders = await fulfilment.list(caller, page);
    return { orders: orders.slice(0, size), hasNextPage: orders.length > size };
  }

  /** The figures of the order `input` asks for, validated as an order is: nothing is made. */
  async function quote(input: unknown): Promise<Quote> {
    return fulfilment.quote(parseOrderRequest(input));
  }

  function history(order: Order): Promise<OrderChange[]> {
    return fulfilment.history(order);
  }

  return { findOrder, listOrders, quote, history };
}
