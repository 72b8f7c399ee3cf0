// The operators' app's operations, as the simulator sends them (docs/operators.md#the-operators-app).

const ORDER = 'id serviceCode status pendingStatus originLatitude originLongitude destinationLatitude destinationLongitude duration partnerDuration partner { id latitude longitude }';

export const MY_OFFERS = `query MyOffers { myOffers { expiresAt order { id serviceCode } } }`;

export const ACCEPT_OFFER = `mutation AcceptOffer($orderId: ID!) { acceptOffer(orderId: $orderId) {
  __typename ... on AcceptOfferSuccess { order { ${ORDER} } } ... on Error { code message } } }`;

export const ADVANCE_ORDER = `mutation AdvanceOrder($input: AdvanceOrderInput!) { advanceOrder(input: $input) {
  __typename ... on AdvanceOrderSuccess { order { status pendingStatus } }
  ... on InvalidTransitionError { status pendingStatus } ... on Error { code message } } }`;

export const MOVE_OPERATOR = `mutation MoveOperator($input: MoveOperatorInput!) { moveOperator(input: $input) {
  __typename ... on Error { code message } } }`;

/** The owner's orders awaiting their payment, for --pay. */
export const PENDING_ORDERS = `query PendingOrders { orders(first: 100, status: PENDING) {
  edges { node { id pendingStatus paymentProviderReference } } } }`;

export interface OfferedOrder {
  id: string;
  serviceCode: 'TOWING' | 'BATTERY_JUMP_START' | 'TYRE_CHANGE';
  status: string;
  pendingStatus: string | null;
  originLatitude: number;
  originLongitude: number;
  destinationLatitude: number;
  destinationLongitude: number;
  duration: string;
  partnerDuration: string;
  partner: { id: string; latitude: number; longitude: number } | null;
}

export type AcceptAnswer = { __typename: 'AcceptOfferSuccess'; order: OfferedOrder } | { __typename: string; code?: string; message?: string };
export type AdvanceAnswer =
  | { __typename: 'AdvanceOrderSuccess'; order: { status: string; pendingStatus: string | null } }
  | { __typename: 'InvalidTransitionError'; status: string; pendingStatus: string | null }
  | { __typename: string; code?: string; message?: string };
