import { parseOrderId } from '../domain/order-request.js';
import type { ResolverContext } from '../../graphql/builder.js';
import { ORDER, toOrderView, type OrderView } from '../order-view.js';
import { builder } from '../../graphql/builder.js';
import { figureFields } from './figures.js';
import { OrderStatusEnum, PendingStatusEnum, ServiceCodeEnum } from './enums.js';
import { EstimateSourceEnum, PaymentStatusEnum } from './order-provider-enums.js';

type PartnerView = NonNullable<OrderView['partner']>;

const Partner = builder.objectRef<PartnerView>('Partner').implement({
  description: 'The operator assigned to the order',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    phone: t.exposeString('phone', { description: 'E.164' }),
    latitude: t.exposeFloat('latitude', { description: 'Where the operator last reported it was while on this order' }),
    longitude: t.exposeFloat('longitude'),
  }),
});

// A supergraph joins an operator's details from elsewhere on the partner's id. The partner is seen
// only through an order (where it was while on that order), so this subgraph resolves no Partner
// by its key alone: the key is not resolvable, and _entities never offers the type.
builder.asEntity(Partner, {
  key: builder.keyDirective(builder.selection<{ id: string }>('id'), false),
  resolveReference: () => null,
});

export const OrderRef = builder.objectRef<OrderView>('Order').implement({
  description: 'A roadside-assistance order; the fields of the legacy order, under the same names',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: OrderStatusEnum }),
    pendingStatus: t.expose('pendingStatus', { type: PendingStatusEnum, nullable: true }),
    paymentProviderReference: t.exposeString('paymentProviderReference', {
      description: 'URL of the payment on the payment provider',
    }),
    originLatitude: t.exposeFloat('originLatitude'),
    originLongitude: t.exposeFloat('originLongitude'),
    destinationLatitude: t.exposeFloat('destinationLatitude'),
    destinationLongitude: t.exposeFloat('destinationLongitude'),
    originTitle: t.exposeString('originTitle'),
    destinationTitle: t.exposeString('destinationTitle'),
    serviceCode: t.expose('serviceCode', { type: ServiceCodeEnum }),
    vehicleIdentification: t.exposeString('vehicleIdentification', { description: 'Plate, upper-cased, no spaces or hyphens' }),
    ...figureFields(t),
    clientName: t.exposeString('clientName', { nullable: true }),
    clientPhone: t.exposeString('clientPhone'),
    partner: t.expose('partner', { type: Partner, nullable: true }),
    createdAt: t.exposeString('createdAt'),
    updatedAt: t.exposeString('updatedAt'),
    estimateSource: t.expose('estimateSource', {
      type: EstimateSourceEnum,
      description: 'ROAD when a routing provider answered every leg in time; else GREAT_CIRCLE',
    }),
    paymentStatus: t.field({
      type: PaymentStatusEnum,
      description: 'Where the payment stands; poll order(id) for it after handing out paymentProviderReference',
      resolve: (order) => order[ORDER].paymentStatus ?? 'pending',
    }),
    paymentExpiresAt: t.string({
      nullable: true,
      description: 'When the payment link stops being payable (then the unpaid order is cancelled); null: never',
      resolve: (order) => order[ORDER].paymentExpiresAt?.toISOString() ?? null,
    }),
  }),
});

/** The order of that id when it is one of the caller's own; null otherwise, whoever else owns it. */
async function ownOrder(id: string | number, { caller, orders }: ResolverContext): Promise<OrderView | null> {
  const order = await orders.findOrder(caller, parseOrderId(String(id)));
  return order && toOrderView(order);
}

builder.queryField('order', (t) =>
  t.field({
    type: OrderRef,
    nullable: true,
    description: "One of the caller's own orders",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => ownOrder(id, context),
  }),
);

// As a federation entity (GRAPHQL_FEDERATION=true): a supergraph resolves an Order by its id in
// _entities under the same rule as order(id), the caller's own or null.
builder.asEntity(OrderRef, {
  key: builder.selection<{ id: string }>('id'),
  resolveReference: ({ id }, context) => ownOrder(id, context),
});
