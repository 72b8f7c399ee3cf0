import type { QuoteView } from '../order-view.js';
import type { builder } from '../../graphql/builder.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type Figures = Omit<QuoteView, 'estimateSource'>;

/** The estimate's figures: the same fields, alike, of an Order and of a Quote. */
export function figureFields<Shape extends Figures>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) {
  return {
    duration: t.string({ description: 'Estimated trip duration, "<seconds>s"', resolve: (v) => v.duration }),
    distance: t.int({ description: 'Estimated trip distance in metres', resolve: (v) => v.distance }),
    totalAmount: t.float({ resolve: (v) => v.totalAmount }),
    partnerAmount: t.float({ resolve: (v) => v.partnerAmount }),
    platformAmount: t.float({ resolve: (v) => v.platformAmount }),
    currency: t.string({ description: 'ISO 4217 code of the amounts', resolve: (v) => v.currency }),
    partnerDistance: t.int({
      description: "Metres to the origin from the nearest available operator; once an operator took the order, from its last reported position",
      resolve: (v) => v.partnerDistance,
    }),
    partnerDuration: t.string({
      description: 'Time to the origin from the nearest available operator, "<seconds>s"; once an operator took the order, from its last reported position',
      resolve: (v) => v.partnerDuration,
    }),
  };
}
