import { UnavailableInGatewayModeError } from '../../platform/errors.js';
import { toQuoteView, type QuoteView } from '../order-view.js';
import { builder } from '../../graphql/builder.js';
import { CreateOrderInput } from './create-order.js';
import { CREATE_ORDER_ERRORS } from '../../graphql/errors.js';
import { figureFields } from './figures.js';
import { EstimateSourceEnum } from './order-provider-enums.js';

const QuoteRef = builder.objectRef<QuoteView>('Quote').implement({
  description: 'What an order of the same input would take and cost now, in the formats of Order; nothing is made',
  fields: (t) => ({
    ...figureFields(t),
    estimateSource: t.expose('estimateSource', { type: EstimateSourceEnum }),
  }),
});

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteRef,
    description:
      'The estimate of the order the input asks for, validated as createOrder validates it, without making it: ' +
      'no payment link, nothing stored. An order made from the same input right after carries the same figures',
    args: { input: t.arg({ type: CreateOrderInput, required: true }) },
    errors: {
      // createOrder's members, so that a client handles both alike (a quote makes no payment, so
      // PaymentProviderError does not come), and the gateway's refusal: it makes no quote.
      types: [...CREATE_ORDER_ERRORS, UnavailableInGatewayModeError],
      union: { name: 'QuoteResult' },
      result: { name: 'QuoteSuccess' },
      dataField: { name: 'quote' },
    },
    resolve: async (_root, { input }, { orders }) => toQuoteView(await orders.quote(input)),
  }),
);
