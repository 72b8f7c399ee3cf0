import { InvalidInputError } from '../../platform/errors.js';
import type { NearbyOperator } from '../domain/service.js';
import { builder } from '../../graphql/builder.js';
import { ServiceCodeEnum } from '../../orders/graphql/enums.js';
import { OperatorRef } from './operators.js';
import { requireScope } from '../../platform/tokens/forbidden.js';

const OperatorsNearInput = builder.inputType('OperatorsNearInput', {
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    serviceCode: t.field({ type: ServiceCodeEnum, description: 'Only operators offering it; any service when left out' }),
    radiusKm: t.float({ description: 'Defaults to the dispatch radius (DISPATCH_RADIUS_KM)' }),
    limit: t.int({ description: 'At most this many, 1 to 100; 10 when left out' }),
  }),
});

const NearbyOperatorRef = builder.objectRef<NearbyOperator>('NearbyOperator').implement({
  fields: (t) => ({
    operator: t.field({ type: OperatorRef, resolve: (n) => n.operator }),
    distance: t.int({
      description: 'Great-circle metres from the point, rounded',
      resolve: (n) => Math.round(n.distanceMetres),
    }),
  }),
});

builder.queryField('operatorsNear', (t) =>
  t.field({
    type: [NearbyOperatorRef],
    description:
      'On-duty operators within the radius of a point, nearest first (ties by id). For a service, the first is the ' +
      'operator whose distance an order created there quotes. Needs the scope operators:read',
    args: { input: t.arg({ type: OperatorsNearInput, required: true }) },
    errors: {
      types: [InvalidInputError],
      union: { name: 'OperatorsNearResult' },
      result: { name: 'OperatorsNearSuccess' },
      dataField: { name: 'operators' },
    },
    resolve: (_root, { input }, { caller, operators }) => {
      requireScope(caller, 'operators:read');
      return operators.near(input);
    },
  }),
);
