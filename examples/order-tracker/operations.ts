import { graphql } from '../gql/index.js';

// The documents this client sends, typed by GraphQL Code Generator's client preset
// (`npm run codegen`), which also writes each one's id into the manifest the service trusts.

export const CreateTowing = graphql(`
  mutation TrackerCreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      __typename
      ... on CreateOrderSuccess {
        order {
          id
          status
          pendingStatus
          totalAmount
          currency
          paymentProviderReference
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`);

export const FollowOrder = graphql(`
  subscription TrackerOrderUpdated($id: ID!) {
    orderUpdated(id: $id) {
      id
      status
      pendingStatus
      updatedAt
    }
  }
`);
