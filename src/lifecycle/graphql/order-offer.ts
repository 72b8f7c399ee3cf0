import { ADMIN_SCOPE, requireScope } from '../../platform/tokens/forbidden.js';
import type { OfferView } from '../domain/ports.js';
import { toOrderView, type OrderView } from '../../orders/order-view.js';
import { builder, type ResolverContext } from '../../graphql/builder.js';
import { OrderRef } from '../../orders/graphql/order.js';

// Whom an order is offered to is dispatch's business, the platform's: an owner sees the operator
// that took its order (`partner`), never the ones asked before, who may still decline.

/** An offer with the order it is for, as the order was read with it: no read of its own. */
type OfferOfOrder = Pick<OfferView, 'operatorId' | 'expiresAt'> & { order: OrderView };

const OrderOfferRef = builder.objectRef<OfferOfOrder>('OrderOffer').implement({
  description: "The offer an order awaiting an operator is waiting on: to whom, and until when",
  fields: (t) => ({
    order: t.field({ type: OrderRef, description: 'The order offered, as the platform sees it', resolve: (offer) => offer.order }),
    operatorId: t.id({ description: 'The roster id of the operator asked', resolve: (offer) => offer.operatorId }),
    expiresAt: t.string({
      description: 'When the offer lapses unanswered and passes to the next nearest',
      resolve: (offer) => offer.expiresAt.toISOString(),
    }),
  }),
});

type Load = (orderId: number) => Promise<OfferView | null>;
const loaders = new WeakMap<ResolverContext, Load>();

/**
 * The operation's reads of offers, gathered into one: every order an answer holds asks for its
 * offer as its fields resolve, in the same pass, and one statement answers them all. The batch
 * closes after the promise jobs already queued and before any I/O, as DataLoader's does.
 */
function loaderOf(context: ResolverContext): Load {
  let load = loaders.get(context);
  if (!load) {
    let batch: { ids: Set<number>; offers: Promise<Map<number, OfferView>> } | null = null;
    load = async (orderId) => {
      if (!batch) {
        const ids = new Set<number>();
        const offers = new Promise<void>((resolve) => void Promise.resolve().then(() => process.nextTick(resolve))).then(() => {
          batch = null;
          return context.life.currentOffers([...ids]);
        });
        batch = { ids, offers };
      }
      batch.ids.add(orderId);
      return (await batch.offers).get(orderId) ?? null;
    };
    loaders.set(context, load);
  }
  return load;
}

builder.objectField(OrderRef, 'offer', (t) =>
  t.field({
    type: OrderOfferRef,
    nullable: true,
    description:
      'The offer the order is waiting on: the operator asked and until when; null when none is waiting (not yet ' +
      'paid, between two offers, taken, ended). Needs the scope orders:admin',
    resolve: async (view, _args, context) => {
      requireScope(context.caller, ADMIN_SCOPE);
      const offer = await loaderOf(context)(view.id);
      return offer && { operatorId: offer.operatorId, expiresAt: offer.expiresAt, order: view };
    },
  }),
);

builder.queryField('waitingOffers', (t) =>
  t.field({
    type: [OrderOfferRef],
    description:
      "Every offer waiting now for an operator's answer, whoever owns the order, the soonest to lapse first. " +
      'Needs the scope orders:admin',
    args: { first: t.arg.int({ description: 'How many, 1 to 1000; 100 when left out' }) },
    resolve: async (_root, { first }, { caller, life }) => {
      requireScope(caller, ADMIN_SCOPE);
      const offers = await life.waitingOffers(first);
      return offers.map((offer) => ({ operatorId: offer.operatorId, expiresAt: offer.expiresAt, order: toOrderView(offer.order) }));
    },
  }),
);
