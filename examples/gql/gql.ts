/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation TrackerCreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      __typename\n      ... on CreateOrderSuccess {\n        order {\n          id\n          status\n          pendingStatus\n          totalAmount\n          currency\n          paymentProviderReference\n        }\n      }\n      ... on Error {\n        message\n        code\n      }\n    }\n  }\n": typeof types.TrackerCreateOrderDocument,
    "\n  subscription TrackerOrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      id\n      status\n      pendingStatus\n      updatedAt\n    }\n  }\n": typeof types.TrackerOrderUpdatedDocument,
    "mutation AcceptOffer($orderId: ID!) {\n  acceptOffer(orderId: $orderId) {\n    __typename\n    ... on AcceptOfferSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.AcceptOfferDocument,
    "mutation AdvanceOrder($input: AdvanceOrderInput!) {\n  advanceOrder(input: $input) {\n    __typename\n    ... on AdvanceOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.AdvanceOrderDocument,
    "mutation AssignOrder($input: AssignOrderInput!) {\n  assignOrder(input: $input) {\n    __typename\n    ... on AssignOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.AssignOrderDocument,
    "mutation CancelOrder($input: CancelOrderInput!) {\n  cancelOrder(input: $input) {\n    __typename\n    ... on CancelOrderSuccess {\n      order {\n        ...OrderFields\n        paymentStatus\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.CancelOrderDocument,
    "fragment ChangeErrorFields on Error {\n  message\n  code\n  ... on InvalidInputError {\n    field\n  }\n  ... on InvalidTransitionError {\n    status\n    pendingStatus\n  }\n  ... on OperatorNotFoundError {\n    operatorId\n  }\n  ... on OperatorUnavailableError {\n    operatorId\n  }\n}": typeof types.ChangeErrorFieldsFragmentDoc,
    "mutation CloseOrder($input: CloseOrderInput!) {\n  closeOrder(input: $input) {\n    __typename\n    ... on CloseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.CloseOrderDocument,
    "mutation CreateOrder($input: CreateOrderInput!) {\n  createOrder(input: $input) {\n    __typename\n    ... on CreateOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": typeof types.CreateOrderDocument,
    "mutation DeclineOffer($orderId: ID!) {\n  declineOffer(orderId: $orderId) {\n    __typename\n    ... on DeclineOfferSuccess {\n      orderId\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.DeclineOfferDocument,
    "query MyOffers {\n  myOffers {\n    expiresAt\n    order {\n      ...OrderFields\n    }\n  }\n}": typeof types.MyOffersDocument,
    "mutation SetOperatorDuty($input: SetOperatorDutyInput!) {\n  setOperatorDuty(input: $input) {\n    __typename\n    ... on SetOperatorDutySuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": typeof types.SetOperatorDutyDocument,
    "fragment OperatorFields on Operator {\n  id\n  name\n  phone\n  services\n  latitude\n  longitude\n  onDuty\n  updatedAt\n}": typeof types.OperatorFieldsFragmentDoc,
    "query FindOperator($id: ID!) {\n  operator(id: $id) {\n    ...OperatorFields\n  }\n}": typeof types.FindOperatorDocument,
    "mutation MoveOperator($input: MoveOperatorInput!) {\n  moveOperator(input: $input) {\n    __typename\n    ... on MoveOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": typeof types.MoveOperatorDocument,
    "query OperatorsNear($input: OperatorsNearInput!) {\n  operatorsNear(input: $input) {\n    __typename\n    ... on OperatorsNearSuccess {\n      operators {\n        distance\n        operator {\n          ...OperatorFields\n        }\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": typeof types.OperatorsNearDocument,
    "mutation RemoveOperator($id: ID!) {\n  removeOperator(id: $id) {\n    __typename\n    ... on RemoveOperatorSuccess {\n      operatorId\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": typeof types.RemoveOperatorDocument,
    "mutation UpsertOperator($input: UpsertOperatorInput!) {\n  upsertOperator(input: $input) {\n    __typename\n    ... on UpsertOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": typeof types.UpsertOperatorDocument,
    "fragment OrderFields on Order {\n  id\n  status\n  pendingStatus\n  paymentProviderReference\n  originLatitude\n  originLongitude\n  destinationLatitude\n  destinationLongitude\n  originTitle\n  destinationTitle\n  serviceCode\n  vehicleIdentification\n  duration\n  distance\n  totalAmount\n  partnerAmount\n  platformAmount\n  currency\n  partnerDistance\n  partnerDuration\n  clientName\n  clientPhone\n  partner {\n    id\n    name\n    phone\n    latitude\n    longitude\n  }\n  createdAt\n  updatedAt\n}": typeof types.OrderFieldsFragmentDoc,
    "query OrderHistory($id: ID!) {\n  order(id: $id) {\n    id\n    history {\n      kind\n      at\n      status\n      pendingStatus\n      actor\n      reason\n    }\n  }\n}": typeof types.OrderHistoryDocument,
    "query Order($id: ID!) {\n  order(id: $id) {\n    ...OrderFields\n  }\n}": typeof types.OrderDocument,
    "query Orders($first: Int, $after: String, $status: OrderStatus) {\n  orders(first: $first, after: $after, status: $status) {\n    edges {\n      cursor\n      node {\n        id\n        status\n        createdAt\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.OrdersDocument,
    "mutation PauseOrder($input: PauseOrderInput!) {\n  pauseOrder(input: $input) {\n    __typename\n    ... on PauseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.PauseOrderDocument,
    "query Quote($input: CreateOrderInput!) {\n  quote(input: $input) {\n    __typename\n    ... on QuoteSuccess {\n      quote {\n        distance\n        duration\n        totalAmount\n        partnerAmount\n        platformAmount\n        currency\n        partnerDistance\n        partnerDuration\n        estimateSource\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": typeof types.QuoteDocument,
    "mutation ResumeOrder($input: ResumeOrderInput!) {\n  resumeOrder(input: $input) {\n    __typename\n    ... on ResumeOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": typeof types.ResumeOrderDocument,
    "fragment WebhookDeliveryFields on WebhookDelivery {\n  id\n  webhookId\n  type\n  orderId\n  status\n  nextAttemptAt\n  createdAt\n  deliveredAt\n  attempts {\n    at\n    succeeded\n    responseStatus\n    error\n    durationMs\n  }\n}": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "fragment WebhookEndpointFields on WebhookEndpoint {\n  id\n  url\n  events\n  secret\n  previousSecretExpiresAt\n  createdAt\n}": typeof types.WebhookEndpointFieldsFragmentDoc,
    "mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(input: $input) {\n    __typename\n    ... on CreateWebhookEndpointSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": typeof types.CreateWebhookEndpointDocument,
    "mutation DeleteWebhookEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    __typename\n    ... on DeleteWebhookEndpointSuccess {\n      endpointId\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": typeof types.DeleteWebhookEndpointDocument,
    "query WebhookDeliveries($endpointId: ID!) {\n  webhookDeliveries(endpointId: $endpointId) {\n    __typename\n    ... on WebhookDeliveriesSuccess {\n      deliveries {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": typeof types.WebhookDeliveriesDocument,
    "query WebhookEndpoints {\n  webhookEndpoints {\n    ...WebhookEndpointFields\n  }\n}": typeof types.WebhookEndpointsDocument,
    "mutation ReplayWebhookDelivery($id: ID!) {\n  replayWebhookDelivery(id: $id) {\n    __typename\n    ... on ReplayWebhookDeliverySuccess {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookDeliveryNotFoundError {\n      message\n      code\n      deliveryId\n    }\n  }\n}": typeof types.ReplayWebhookDeliveryDocument,
    "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id) {\n    __typename\n    ... on RotateWebhookSecretSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": typeof types.RotateWebhookSecretDocument,
};
const documents: Documents = {
    "\n  mutation TrackerCreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      __typename\n      ... on CreateOrderSuccess {\n        order {\n          id\n          status\n          pendingStatus\n          totalAmount\n          currency\n          paymentProviderReference\n        }\n      }\n      ... on Error {\n        message\n        code\n      }\n    }\n  }\n": types.TrackerCreateOrderDocument,
    "\n  subscription TrackerOrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      id\n      status\n      pendingStatus\n      updatedAt\n    }\n  }\n": types.TrackerOrderUpdatedDocument,
    "mutation AcceptOffer($orderId: ID!) {\n  acceptOffer(orderId: $orderId) {\n    __typename\n    ... on AcceptOfferSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.AcceptOfferDocument,
    "mutation AdvanceOrder($input: AdvanceOrderInput!) {\n  advanceOrder(input: $input) {\n    __typename\n    ... on AdvanceOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.AdvanceOrderDocument,
    "mutation AssignOrder($input: AssignOrderInput!) {\n  assignOrder(input: $input) {\n    __typename\n    ... on AssignOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.AssignOrderDocument,
    "mutation CancelOrder($input: CancelOrderInput!) {\n  cancelOrder(input: $input) {\n    __typename\n    ... on CancelOrderSuccess {\n      order {\n        ...OrderFields\n        paymentStatus\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.CancelOrderDocument,
    "fragment ChangeErrorFields on Error {\n  message\n  code\n  ... on InvalidInputError {\n    field\n  }\n  ... on InvalidTransitionError {\n    status\n    pendingStatus\n  }\n  ... on OperatorNotFoundError {\n    operatorId\n  }\n  ... on OperatorUnavailableError {\n    operatorId\n  }\n}": types.ChangeErrorFieldsFragmentDoc,
    "mutation CloseOrder($input: CloseOrderInput!) {\n  closeOrder(input: $input) {\n    __typename\n    ... on CloseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.CloseOrderDocument,
    "mutation CreateOrder($input: CreateOrderInput!) {\n  createOrder(input: $input) {\n    __typename\n    ... on CreateOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": types.CreateOrderDocument,
    "mutation DeclineOffer($orderId: ID!) {\n  declineOffer(orderId: $orderId) {\n    __typename\n    ... on DeclineOfferSuccess {\n      orderId\n    }\n    ...ChangeErrorFields\n  }\n}": types.DeclineOfferDocument,
    "query MyOffers {\n  myOffers {\n    expiresAt\n    order {\n      ...OrderFields\n    }\n  }\n}": types.MyOffersDocument,
    "mutation SetOperatorDuty($input: SetOperatorDutyInput!) {\n  setOperatorDuty(input: $input) {\n    __typename\n    ... on SetOperatorDutySuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": types.SetOperatorDutyDocument,
    "fragment OperatorFields on Operator {\n  id\n  name\n  phone\n  services\n  latitude\n  longitude\n  onDuty\n  updatedAt\n}": types.OperatorFieldsFragmentDoc,
    "query FindOperator($id: ID!) {\n  operator(id: $id) {\n    ...OperatorFields\n  }\n}": types.FindOperatorDocument,
    "mutation MoveOperator($input: MoveOperatorInput!) {\n  moveOperator(input: $input) {\n    __typename\n    ... on MoveOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": types.MoveOperatorDocument,
    "query OperatorsNear($input: OperatorsNearInput!) {\n  operatorsNear(input: $input) {\n    __typename\n    ... on OperatorsNearSuccess {\n      operators {\n        distance\n        operator {\n          ...OperatorFields\n        }\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": types.OperatorsNearDocument,
    "mutation RemoveOperator($id: ID!) {\n  removeOperator(id: $id) {\n    __typename\n    ... on RemoveOperatorSuccess {\n      operatorId\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}": types.RemoveOperatorDocument,
    "mutation UpsertOperator($input: UpsertOperatorInput!) {\n  upsertOperator(input: $input) {\n    __typename\n    ... on UpsertOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": types.UpsertOperatorDocument,
    "fragment OrderFields on Order {\n  id\n  status\n  pendingStatus\n  paymentProviderReference\n  originLatitude\n  originLongitude\n  destinationLatitude\n  destinationLongitude\n  originTitle\n  destinationTitle\n  serviceCode\n  vehicleIdentification\n  duration\n  distance\n  totalAmount\n  partnerAmount\n  platformAmount\n  currency\n  partnerDistance\n  partnerDuration\n  clientName\n  clientPhone\n  partner {\n    id\n    name\n    phone\n    latitude\n    longitude\n  }\n  createdAt\n  updatedAt\n}": types.OrderFieldsFragmentDoc,
    "query OrderHistory($id: ID!) {\n  order(id: $id) {\n    id\n    history {\n      kind\n      at\n      status\n      pendingStatus\n      actor\n      reason\n    }\n  }\n}": types.OrderHistoryDocument,
    "query Order($id: ID!) {\n  order(id: $id) {\n    ...OrderFields\n  }\n}": types.OrderDocument,
    "query Orders($first: Int, $after: String, $status: OrderStatus) {\n  orders(first: $first, after: $after, status: $status) {\n    edges {\n      cursor\n      node {\n        id\n        status\n        createdAt\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.OrdersDocument,
    "mutation PauseOrder($input: PauseOrderInput!) {\n  pauseOrder(input: $input) {\n    __typename\n    ... on PauseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.PauseOrderDocument,
    "query Quote($input: CreateOrderInput!) {\n  quote(input: $input) {\n    __typename\n    ... on QuoteSuccess {\n      quote {\n        distance\n        duration\n        totalAmount\n        partnerAmount\n        platformAmount\n        currency\n        partnerDistance\n        partnerDuration\n        estimateSource\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": types.QuoteDocument,
    "mutation ResumeOrder($input: ResumeOrderInput!) {\n  resumeOrder(input: $input) {\n    __typename\n    ... on ResumeOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}": types.ResumeOrderDocument,
    "fragment WebhookDeliveryFields on WebhookDelivery {\n  id\n  webhookId\n  type\n  orderId\n  status\n  nextAttemptAt\n  createdAt\n  deliveredAt\n  attempts {\n    at\n    succeeded\n    responseStatus\n    error\n    durationMs\n  }\n}": types.WebhookDeliveryFieldsFragmentDoc,
    "fragment WebhookEndpointFields on WebhookEndpoint {\n  id\n  url\n  events\n  secret\n  previousSecretExpiresAt\n  createdAt\n}": types.WebhookEndpointFieldsFragmentDoc,
    "mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(input: $input) {\n    __typename\n    ... on CreateWebhookEndpointSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}": types.CreateWebhookEndpointDocument,
    "mutation DeleteWebhookEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    __typename\n    ... on DeleteWebhookEndpointSuccess {\n      endpointId\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": types.DeleteWebhookEndpointDocument,
    "query WebhookDeliveries($endpointId: ID!) {\n  webhookDeliveries(endpointId: $endpointId) {\n    __typename\n    ... on WebhookDeliveriesSuccess {\n      deliveries {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": types.WebhookDeliveriesDocument,
    "query WebhookEndpoints {\n  webhookEndpoints {\n    ...WebhookEndpointFields\n  }\n}": types.WebhookEndpointsDocument,
    "mutation ReplayWebhookDelivery($id: ID!) {\n  replayWebhookDelivery(id: $id) {\n    __typename\n    ... on ReplayWebhookDeliverySuccess {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookDeliveryNotFoundError {\n      message\n      code\n      deliveryId\n    }\n  }\n}": types.ReplayWebhookDeliveryDocument,
    "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id) {\n    __typename\n    ... on RotateWebhookSecretSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}": types.RotateWebhookSecretDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrackerCreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      __typename\n      ... on CreateOrderSuccess {\n        order {\n          id\n          status\n          pendingStatus\n          totalAmount\n          currency\n          paymentProviderReference\n        }\n      }\n      ... on Error {\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TrackerCreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      __typename\n      ... on CreateOrderSuccess {\n        order {\n          id\n          status\n          pendingStatus\n          totalAmount\n          currency\n          paymentProviderReference\n        }\n      }\n      ... on Error {\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TrackerOrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      id\n      status\n      pendingStatus\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  subscription TrackerOrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      id\n      status\n      pendingStatus\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AcceptOffer($orderId: ID!) {\n  acceptOffer(orderId: $orderId) {\n    __typename\n    ... on AcceptOfferSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation AcceptOffer($orderId: ID!) {\n  acceptOffer(orderId: $orderId) {\n    __typename\n    ... on AcceptOfferSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AdvanceOrder($input: AdvanceOrderInput!) {\n  advanceOrder(input: $input) {\n    __typename\n    ... on AdvanceOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation AdvanceOrder($input: AdvanceOrderInput!) {\n  advanceOrder(input: $input) {\n    __typename\n    ... on AdvanceOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AssignOrder($input: AssignOrderInput!) {\n  assignOrder(input: $input) {\n    __typename\n    ... on AssignOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation AssignOrder($input: AssignOrderInput!) {\n  assignOrder(input: $input) {\n    __typename\n    ... on AssignOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CancelOrder($input: CancelOrderInput!) {\n  cancelOrder(input: $input) {\n    __typename\n    ... on CancelOrderSuccess {\n      order {\n        ...OrderFields\n        paymentStatus\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation CancelOrder($input: CancelOrderInput!) {\n  cancelOrder(input: $input) {\n    __typename\n    ... on CancelOrderSuccess {\n      order {\n        ...OrderFields\n        paymentStatus\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ChangeErrorFields on Error {\n  message\n  code\n  ... on InvalidInputError {\n    field\n  }\n  ... on InvalidTransitionError {\n    status\n    pendingStatus\n  }\n  ... on OperatorNotFoundError {\n    operatorId\n  }\n  ... on OperatorUnavailableError {\n    operatorId\n  }\n}"): (typeof documents)["fragment ChangeErrorFields on Error {\n  message\n  code\n  ... on InvalidInputError {\n    field\n  }\n  ... on InvalidTransitionError {\n    status\n    pendingStatus\n  }\n  ... on OperatorNotFoundError {\n    operatorId\n  }\n  ... on OperatorUnavailableError {\n    operatorId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CloseOrder($input: CloseOrderInput!) {\n  closeOrder(input: $input) {\n    __typename\n    ... on CloseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation CloseOrder($input: CloseOrderInput!) {\n  closeOrder(input: $input) {\n    __typename\n    ... on CloseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateOrder($input: CreateOrderInput!) {\n  createOrder(input: $input) {\n    __typename\n    ... on CreateOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"): (typeof documents)["mutation CreateOrder($input: CreateOrderInput!) {\n  createOrder(input: $input) {\n    __typename\n    ... on CreateOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeclineOffer($orderId: ID!) {\n  declineOffer(orderId: $orderId) {\n    __typename\n    ... on DeclineOfferSuccess {\n      orderId\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation DeclineOffer($orderId: ID!) {\n  declineOffer(orderId: $orderId) {\n    __typename\n    ... on DeclineOfferSuccess {\n      orderId\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyOffers {\n  myOffers {\n    expiresAt\n    order {\n      ...OrderFields\n    }\n  }\n}"): (typeof documents)["query MyOffers {\n  myOffers {\n    expiresAt\n    order {\n      ...OrderFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetOperatorDuty($input: SetOperatorDutyInput!) {\n  setOperatorDuty(input: $input) {\n    __typename\n    ... on SetOperatorDutySuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"): (typeof documents)["mutation SetOperatorDuty($input: SetOperatorDutyInput!) {\n  setOperatorDuty(input: $input) {\n    __typename\n    ... on SetOperatorDutySuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OperatorFields on Operator {\n  id\n  name\n  phone\n  services\n  latitude\n  longitude\n  onDuty\n  updatedAt\n}"): (typeof documents)["fragment OperatorFields on Operator {\n  id\n  name\n  phone\n  services\n  latitude\n  longitude\n  onDuty\n  updatedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FindOperator($id: ID!) {\n  operator(id: $id) {\n    ...OperatorFields\n  }\n}"): (typeof documents)["query FindOperator($id: ID!) {\n  operator(id: $id) {\n    ...OperatorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MoveOperator($input: MoveOperatorInput!) {\n  moveOperator(input: $input) {\n    __typename\n    ... on MoveOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"): (typeof documents)["mutation MoveOperator($input: MoveOperatorInput!) {\n  moveOperator(input: $input) {\n    __typename\n    ... on MoveOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OperatorsNear($input: OperatorsNearInput!) {\n  operatorsNear(input: $input) {\n    __typename\n    ... on OperatorsNearSuccess {\n      operators {\n        distance\n        operator {\n          ...OperatorFields\n        }\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"): (typeof documents)["query OperatorsNear($input: OperatorsNearInput!) {\n  operatorsNear(input: $input) {\n    __typename\n    ... on OperatorsNearSuccess {\n      operators {\n        distance\n        operator {\n          ...OperatorFields\n        }\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemoveOperator($id: ID!) {\n  removeOperator(id: $id) {\n    __typename\n    ... on RemoveOperatorSuccess {\n      operatorId\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"): (typeof documents)["mutation RemoveOperator($id: ID!) {\n  removeOperator(id: $id) {\n    __typename\n    ... on RemoveOperatorSuccess {\n      operatorId\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n    ... on OperatorNotFoundError {\n      operatorId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpsertOperator($input: UpsertOperatorInput!) {\n  upsertOperator(input: $input) {\n    __typename\n    ... on UpsertOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"): (typeof documents)["mutation UpsertOperator($input: UpsertOperatorInput!) {\n  upsertOperator(input: $input) {\n    __typename\n    ... on UpsertOperatorSuccess {\n      operator {\n        ...OperatorFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OrderFields on Order {\n  id\n  status\n  pendingStatus\n  paymentProviderReference\n  originLatitude\n  originLongitude\n  destinationLatitude\n  destinationLongitude\n  originTitle\n  destinationTitle\n  serviceCode\n  vehicleIdentification\n  duration\n  distance\n  totalAmount\n  partnerAmount\n  platformAmount\n  currency\n  partnerDistance\n  partnerDuration\n  clientName\n  clientPhone\n  partner {\n    id\n    name\n    phone\n    latitude\n    longitude\n  }\n  createdAt\n  updatedAt\n}"): (typeof documents)["fragment OrderFields on Order {\n  id\n  status\n  pendingStatus\n  paymentProviderReference\n  originLatitude\n  originLongitude\n  destinationLatitude\n  destinationLongitude\n  originTitle\n  destinationTitle\n  serviceCode\n  vehicleIdentification\n  duration\n  distance\n  totalAmount\n  partnerAmount\n  platformAmount\n  currency\n  partnerDistance\n  partnerDuration\n  clientName\n  clientPhone\n  partner {\n    id\n    name\n    phone\n    latitude\n    longitude\n  }\n  createdAt\n  updatedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OrderHistory($id: ID!) {\n  order(id: $id) {\n    id\n    history {\n      kind\n      at\n      status\n      pendingStatus\n      actor\n      reason\n    }\n  }\n}"): (typeof documents)["query OrderHistory($id: ID!) {\n  order(id: $id) {\n    id\n    history {\n      kind\n      at\n      status\n      pendingStatus\n      actor\n      reason\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Order($id: ID!) {\n  order(id: $id) {\n    ...OrderFields\n  }\n}"): (typeof documents)["query Order($id: ID!) {\n  order(id: $id) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Orders($first: Int, $after: String, $status: OrderStatus) {\n  orders(first: $first, after: $after, status: $status) {\n    edges {\n      cursor\n      node {\n        id\n        status\n        createdAt\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query Orders($first: Int, $after: String, $status: OrderStatus) {\n  orders(first: $first, after: $after, status: $status) {\n    edges {\n      cursor\n      node {\n        id\n        status\n        createdAt\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PauseOrder($input: PauseOrderInput!) {\n  pauseOrder(input: $input) {\n    __typename\n    ... on PauseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation PauseOrder($input: PauseOrderInput!) {\n  pauseOrder(input: $input) {\n    __typename\n    ... on PauseOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Quote($input: CreateOrderInput!) {\n  quote(input: $input) {\n    __typename\n    ... on QuoteSuccess {\n      quote {\n        distance\n        duration\n        totalAmount\n        partnerAmount\n        platformAmount\n        currency\n        partnerDistance\n        partnerDuration\n        estimateSource\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"): (typeof documents)["query Quote($input: CreateOrderInput!) {\n  quote(input: $input) {\n    __typename\n    ... on QuoteSuccess {\n      quote {\n        distance\n        duration\n        totalAmount\n        partnerAmount\n        platformAmount\n        currency\n        partnerDistance\n        partnerDuration\n        estimateSource\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResumeOrder($input: ResumeOrderInput!) {\n  resumeOrder(input: $input) {\n    __typename\n    ... on ResumeOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"): (typeof documents)["mutation ResumeOrder($input: ResumeOrderInput!) {\n  resumeOrder(input: $input) {\n    __typename\n    ... on ResumeOrderSuccess {\n      order {\n        ...OrderFields\n      }\n    }\n    ...ChangeErrorFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment WebhookDeliveryFields on WebhookDelivery {\n  id\n  webhookId\n  type\n  orderId\n  status\n  nextAttemptAt\n  createdAt\n  deliveredAt\n  attempts {\n    at\n    succeeded\n    responseStatus\n    error\n    durationMs\n  }\n}"): (typeof documents)["fragment WebhookDeliveryFields on WebhookDelivery {\n  id\n  webhookId\n  type\n  orderId\n  status\n  nextAttemptAt\n  createdAt\n  deliveredAt\n  attempts {\n    at\n    succeeded\n    responseStatus\n    error\n    durationMs\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment WebhookEndpointFields on WebhookEndpoint {\n  id\n  url\n  events\n  secret\n  previousSecretExpiresAt\n  createdAt\n}"): (typeof documents)["fragment WebhookEndpointFields on WebhookEndpoint {\n  id\n  url\n  events\n  secret\n  previousSecretExpiresAt\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(input: $input) {\n    __typename\n    ... on CreateWebhookEndpointSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"): (typeof documents)["mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(input: $input) {\n    __typename\n    ... on CreateWebhookEndpointSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on Error {\n      message\n      code\n    }\n    ... on InvalidInputError {\n      field\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteWebhookEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    __typename\n    ... on DeleteWebhookEndpointSuccess {\n      endpointId\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"): (typeof documents)["mutation DeleteWebhookEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    __typename\n    ... on DeleteWebhookEndpointSuccess {\n      endpointId\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookDeliveries($endpointId: ID!) {\n  webhookDeliveries(endpointId: $endpointId) {\n    __typename\n    ... on WebhookDeliveriesSuccess {\n      deliveries {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"): (typeof documents)["query WebhookDeliveries($endpointId: ID!) {\n  webhookDeliveries(endpointId: $endpointId) {\n    __typename\n    ... on WebhookDeliveriesSuccess {\n      deliveries {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookEndpoints {\n  webhookEndpoints {\n    ...WebhookEndpointFields\n  }\n}"): (typeof documents)["query WebhookEndpoints {\n  webhookEndpoints {\n    ...WebhookEndpointFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReplayWebhookDelivery($id: ID!) {\n  replayWebhookDelivery(id: $id) {\n    __typename\n    ... on ReplayWebhookDeliverySuccess {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookDeliveryNotFoundError {\n      message\n      code\n      deliveryId\n    }\n  }\n}"): (typeof documents)["mutation ReplayWebhookDelivery($id: ID!) {\n  replayWebhookDelivery(id: $id) {\n    __typename\n    ... on ReplayWebhookDeliverySuccess {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n    ... on WebhookDeliveryNotFoundError {\n      message\n      code\n      deliveryId\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id) {\n    __typename\n    ... on RotateWebhookSecretSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"): (typeof documents)["mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id) {\n    __typename\n    ... on RotateWebhookSecretSuccess {\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n    ... on WebhookEndpointNotFoundError {\n      message\n      code\n      endpointId\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;