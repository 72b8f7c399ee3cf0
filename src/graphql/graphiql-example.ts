/** A GraphQL operation with its variables, as GraphiQL pre-fills them. */
export interface GraphiqlExample {
  query: string;
  variables: Record<string, unknown>;
}

/**
 * What GraphiQL opens with: the README's createOrder mutation (a towing across Santiago), its
 * input given as variables so that a user edits values rather than the operation.
 */
export const CREATE_ORDER_EXAMPLE: GraphiqlExample = {
  query: `mutation CreateOrder($input: CreateOrderInput!) {
  createOrder(input: $input) {
    __typename
    ... on CreateOrderSuccess {
      order { id status pendingStatus totalAmount currency paymentProviderReference }
    }
    ... on Error { message code }
    ... on InvalidInputError { field }
  }
}
`,
  variables: {
    input: {
      originLatitude: -33.4378,
      originLongitude: -70.6505,
      destinationLatitude: -33.495,
      destinationLongitude: -70.58,
      serviceCode: 'TOWING',
      phoneNumber: '+56912345678',
      vehicleIdentification: 'AB-12 CD',
    },
  },
};
