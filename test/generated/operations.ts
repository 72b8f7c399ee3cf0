/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type AdvanceOrderInput = {
  orderId: string;
  to: OrderStep;
};

export type AssignOrderInput = {
  operatorId: string;
  orderId: string;
  /** Up to 500 characters, kept in the order history */
  reason?: string | null | undefined;
};

export type CancelOrderInput = {
  orderId: string;
  /** Up to 500 characters, kept in the order history */
  reason?: string | null | undefined;
};

export type CloseOrderInput = {
  orderId: string;
  /** Up to 500 characters, kept in the order history */
  reason?: string | null | undefined;
};

export type CreateOrderInput = {
  /** Defaults to the token's name claim */
  clientName?: string | null | undefined;
  /** Required for towing; other services default to the origin */
  destinationLatitude?: number | null | undefined;
  destinationLongitude?: number | null | undefined;
  destinationTitle?: string | null | undefined;
  originLatitude: number;
  originLongitude: number;
  /** Defaults to the coordinates as text */
  originTitle?: string | null | undefined;
  /** E.164, e.g. +56912345678 */
  phoneNumber: string;
  serviceCode: ServiceCode;
  /** Licence plate */
  vehicleIdentification: string;
};

export type CreateWebhookEndpointInput = {
  /** The types to receive (order.created, order.paid, …); every type when left out */
  events?: Array<string> | null | undefined;
  /** https (http outside production), on a public address */
  url: string;
};

/** How the distances and durations of an order were estimated */
export type EstimateSource =
  /** by the great circle times a circuity factor: no routing provider, or it failed or was late */
  | 'GREAT_CIRCLE'
  /** by road, by the routing provider, for every leg */
  | 'ROAD';

export type MoveOperatorInput = {
  id: string;
  latitude: number;
  longitude: number;
};

export type OperatorsNearInput = {
  latitude: number;
  /** At most this many, 1 to 100; 10 when left out */
  limit?: number | null | undefined;
  longitude: number;
  /** Defaults to the dispatch radius (DISPATCH_RADIUS_KM) */
  radiusKm?: number | null | undefined;
  /** Only operators offering it; any service when left out */
  serviceCode?: ServiceCode | null | undefined;
};

/** Who made a change of an order */
export type OrderActor =
  /** the operator assigned to it, or offered it */
  | 'OPERATOR'
  /** the order's client */
  | 'OWNER'
  /** the payment provider (a payment, an expiry, a refund) */
  | 'PAYMENT'
  /** the platform, through its own operations */
  | 'PLATFORM'
  /** one of the service's timers (an offer that expired, an order left without a taker, the close of a finished order) */
  | 'TIMER';

/** What a change of an order was */
export type OrderChangeKind =
  /** an operator took it, accepting its offer or assigned by the platform */
  | 'ASSIGNED'
  /** it was cancelled: by its owner, the platform, or a timer (its payment link expired, or nobody took it) */
  | 'CANCELLED'
  /** it was closed, by the platform or a day after it finished */
  | 'CLOSED'
  /** the order was created, pending its payment */
  | 'CREATED'
  /** its operator finished the service */
  | 'FINISHED'
  /** its payment was made: it waits for an operator (paid after a cancel: refunded, the reason says so) */
  | 'PAID'
  /** the platform paused it */
  | 'PAUSED'
  /** its operator moved it on a step, which pendingStatus names */
  | 'PROGRESSED'
  /** its payment was given back: the refund of a cancelled paid order, which changes no state and is the payment provider's */
  | 'REFUNDED'
  /** the platform resumed it where it was */
  | 'RESUMED';

export type OrderStatus =
  | 'CANCELLED'
  | 'CLOSED'
  | 'FINISHED'
  | 'PAUSED'
  | 'PENDING';

/** A step the operator on an order reports */
export type OrderStep =
  /** The job is done */
  | 'FINISHED'
  /** Towing it to the destination (towing only) */
  | 'PARTNER_GOING_TO_DESTINATION'
  /** On the way to the vehicle */
  | 'PARTNER_GOING_TO_ORIGIN'
  /** With the vehicle */
  | 'PARTNER_IN_ORIGIN';

export type PauseOrderInput = {
  orderId: string;
  /** Up to 500 characters, kept in the order history */
  reason?: string | null | undefined;
};

/** Where the order's payment stands */
export type PaymentStatus =
  /** left unpaid: the link expired, or the order was cancelled before it was paid */
  | 'EXPIRED'
  /** paid: the order went on to PENDING_PARTNER */
  | 'PAID'
  /** the payment link is open */
  | 'PENDING'
  /** the payment of a cancelled order was given back */
  | 'REFUNDED'
  /** the order was cancelled after it was paid: its refund is owed and under way */
  | 'REFUND_PENDING';

export type PendingStatus =
  | 'PARTNER_GOING_TO_DESTINATION'
  | 'PARTNER_GOING_TO_ORIGIN'
  | 'PARTNER_IN_ORIGIN'
  | 'PARTNER_START_ORDER'
  | 'PENDING_PARTNER'
  | 'PENDING_PAYMENT';

export type ResumeOrderInput = {
  orderId: string;
  /** Up to 500 characters, kept in the order history */
  reason?: string | null | undefined;
};

/** The service asked for; the legacy numeric codes are 1, 2 and 3 */
export type ServiceCode =
  /** 2: battery jump-start */
  | 'BATTERY_JUMP_START'
  /** 1: towing */
  | 'TOWING'
  /** 3: tyre change */
  | 'TYRE_CHANGE';

export type SetOperatorDutyInput = {
  id: string;
  onDuty: boolean;
};

export type UpsertOperatorInput = {
  /** Your id for the operator: 1 to 64 letters, digits or . _ : - */
  id: string;
  latitude: number;
  longitude: number;
  name: string;
  /** Left out: unchanged for a known operator; a new one starts on duty */
  onDuty?: boolean | null | undefined;
  /** E.164, e.g. +56912345678 */
  phone: string;
  /** At least one */
  services: Array<ServiceCode>;
};

export type WebhookDeliveryStatus =
  /** The endpoint answered 2xx */
  | 'DELIVERED'
  /** Given up after about a day of retries, or its endpoint was deleted */
  | 'FAILED'
  /** Not yet answered 2xx; tried again at nextAttemptAt */
  | 'PENDING';

export type AcceptOfferMutationVariables = Exact<{
  orderId: string;
}>;


export type AcceptOfferMutation = { acceptOffer:
    | { __typename: 'AcceptOfferSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OfferUnavailableError', message: string, code: string }
    | { __typename: 'OperatorUnavailableError', operatorId: string, message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type AdvanceOrderMutationVariables = Exact<{
  input: AdvanceOrderInput;
}>;


export type AdvanceOrderMutation = { advanceOrder:
    | { __typename: 'AdvanceOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type AssignOrderMutationVariables = Exact<{
  input: AssignOrderInput;
}>;


export type AssignOrderMutation = { assignOrder:
    | { __typename: 'AssignOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OperatorNotFoundError', operatorId: string, message: string, code: string }
    | { __typename: 'OperatorUnavailableError', operatorId: string, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type CancelOrderMutationVariables = Exact<{
  input: CancelOrderInput;
}>;


export type CancelOrderMutation = { cancelOrder:
    | { __typename: 'CancelOrderSuccess', order: { paymentStatus: PaymentStatus, id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

type ChangeErrorFields_InvalidInputError_Fragment = { field: string, message: string, code: string };

type ChangeErrorFields_InvalidTransitionError_Fragment = { status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string };

type ChangeErrorFields_NoOperatorAvailableError_Fragment = { message: string, code: string };

type ChangeErrorFields_OfferUnavailableError_Fragment = { message: string, code: string };

type ChangeErrorFields_OperatorNotFoundError_Fragment = { operatorId: string, message: string, code: string };

type ChangeErrorFields_OperatorUnavailableError_Fragment = { operatorId: string, message: string, code: string };

type ChangeErrorFields_OrderNotFoundError_Fragment = { message: string, code: string };

type ChangeErrorFields_PaymentProviderError_Fragment = { message: string, code: string };

type ChangeErrorFields_UnavailableInGatewayModeError_Fragment = { message: string, code: string };

type ChangeErrorFields_WebhookDeliveryNotFoundError_Fragment = { message: string, code: string };

type ChangeErrorFields_WebhookEndpointNotFoundError_Fragment = { message: string, code: string };

export type ChangeErrorFieldsFragment =
  | ChangeErrorFields_InvalidInputError_Fragment
  | ChangeErrorFields_InvalidTransitionError_Fragment
  | ChangeErrorFields_NoOperatorAvailableError_Fragment
  | ChangeErrorFields_OfferUnavailableError_Fragment
  | ChangeErrorFields_OperatorNotFoundError_Fragment
  | ChangeErrorFields_OperatorUnavailableError_Fragment
  | ChangeErrorFields_OrderNotFoundError_Fragment
  | ChangeErrorFields_PaymentProviderError_Fragment
  | ChangeErrorFields_UnavailableInGatewayModeError_Fragment
  | ChangeErrorFields_WebhookDeliveryNotFoundError_Fragment
  | ChangeErrorFields_WebhookEndpointNotFoundError_Fragment
;

export type CloseOrderMutationVariables = Exact<{
  input: CloseOrderInput;
}>;


export type CloseOrderMutation = { closeOrder:
    | { __typename: 'CloseOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type CreateOrderMutation = { createOrder:
    | { __typename: 'CreateOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'NoOperatorAvailableError', message: string, code: string }
    | { __typename: 'PaymentProviderError', message: string, code: string }
   };

export type DeclineOfferMutationVariables = Exact<{
  orderId: string;
}>;


export type DeclineOfferMutation = { declineOffer:
    | { __typename: 'DeclineOfferSuccess', orderId: string }
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'OfferUnavailableError', message: string, code: string }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type MyOffersQueryVariables = Exact<{ [key: string]: never; }>;


export type MyOffersQuery = { myOffers: Array<{ expiresAt: string, order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }> };

export type SetOperatorDutyMutationVariables = Exact<{
  input: SetOperatorDutyInput;
}>;


export type SetOperatorDutyMutation = { setOperatorDuty:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'OperatorNotFoundError', message: string, code: string, operatorId: string }
    | { __typename: 'SetOperatorDutySuccess', operator: { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string } }
   };

export type OperatorFieldsFragment = { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string };

export type FindOperatorQueryVariables = Exact<{
  id: string;
}>;


export type FindOperatorQuery = { operator: { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string } | null };

export type MoveOperatorMutationVariables = Exact<{
  input: MoveOperatorInput;
}>;


export type MoveOperatorMutation = { moveOperator:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'MoveOperatorSuccess', operator: { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string } }
    | { __typename: 'OperatorNotFoundError', message: string, code: string, operatorId: string }
   };

export type OperatorsNearQueryVariables = Exact<{
  input: OperatorsNearInput;
}>;


export type OperatorsNearQuery = { operatorsNear:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'OperatorsNearSuccess', operators: Array<{ distance: number, operator: { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string } }> }
   };

export type RemoveOperatorMutationVariables = Exact<{
  id: string;
}>;


export type RemoveOperatorMutation = { removeOperator:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'OperatorNotFoundError', message: string, code: string, operatorId: string }
    | { __typename: 'RemoveOperatorSuccess', operatorId: string }
   };

export type UpsertOperatorMutationVariables = Exact<{
  input: UpsertOperatorInput;
}>;


export type UpsertOperatorMutation = { upsertOperator:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'UpsertOperatorSuccess', operator: { id: string, name: string, phone: string, services: Array<ServiceCode>, latitude: number, longitude: number, onDuty: boolean, updatedAt: string } }
   };

export type OrderFieldsFragment = { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null };

export type OrderHistoryQueryVariables = Exact<{
  id: string;
}>;


export type OrderHistoryQuery = { order: { id: string, history: Array<{ kind: OrderChangeKind, at: string, status: OrderStatus, pendingStatus: PendingStatus | null, actor: OrderActor, reason: string | null }> } | null };

export type OrderQueryVariables = Exact<{
  id: string;
}>;


export type OrderQuery = { order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } | null };

export type OrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: OrderStatus | null | undefined;
}>;


export type OrdersQuery = { orders: { edges: Array<{ cursor: string, node: { id: string, status: OrderStatus, createdAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PauseOrderMutationVariables = Exact<{
  input: PauseOrderInput;
}>;


export type PauseOrderMutation = { pauseOrder:
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'PauseOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type QuoteQueryVariables = Exact<{
  input: CreateOrderInput;
}>;


export type QuoteQuery = { quote:
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'NoOperatorAvailableError', message: string, code: string }
    | { __typename: 'PaymentProviderError', message: string, code: string }
    | { __typename: 'QuoteSuccess', quote: { distance: number, duration: string, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, estimateSource: EstimateSource } }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type ResumeOrderMutationVariables = Exact<{
  input: ResumeOrderInput;
}>;


export type ResumeOrderMutation = { resumeOrder:
    | { __typename: 'InvalidInputError', field: string, message: string, code: string }
    | { __typename: 'InvalidTransitionError', status: OrderStatus, pendingStatus: PendingStatus | null, message: string, code: string }
    | { __typename: 'OrderNotFoundError', message: string, code: string }
    | { __typename: 'ResumeOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string, name: string, phone: string, latitude: number, longitude: number } | null } }
    | { __typename: 'UnavailableInGatewayModeError', message: string, code: string }
   };

export type WebhookDeliveryFieldsFragment = { id: string, webhookId: string, type: string, orderId: string, status: WebhookDeliveryStatus, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null, attempts: Array<{ at: string, succeeded: boolean, responseStatus: number | null, error: string | null, durationMs: number }> };

export type WebhookEndpointFieldsFragment = { id: string, url: string, events: Array<string> | null, secret: string, previousSecretExpiresAt: string | null, createdAt: string };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint:
    | { __typename: 'CreateWebhookEndpointSuccess', endpoint: { id: string, url: string, events: Array<string> | null, secret: string, previousSecretExpiresAt: string | null, createdAt: string } }
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
   };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint:
    | { __typename: 'DeleteWebhookEndpointSuccess', endpointId: string }
    | { __typename: 'WebhookEndpointNotFoundError', message: string, code: string, endpointId: string }
   };

export type WebhookDeliveriesQueryVariables = Exact<{
  endpointId: string;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries:
    | { __typename: 'WebhookDeliveriesSuccess', deliveries: Array<{ id: string, webhookId: string, type: string, orderId: string, status: WebhookDeliveryStatus, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null, attempts: Array<{ at: string, succeeded: boolean, responseStatus: number | null, error: string | null, durationMs: number }> }> }
    | { __typename: 'WebhookEndpointNotFoundError', message: string, code: string, endpointId: string }
   };

export type WebhookEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEndpointsQuery = { webhookEndpoints: Array<{ id: string, url: string, events: Array<string> | null, secret: string, previousSecretExpiresAt: string | null, createdAt: string }> };

export type ReplayWebhookDeliveryMutationVariables = Exact<{
  id: string;
}>;


export type ReplayWebhookDeliveryMutation = { replayWebhookDelivery:
    | { __typename: 'ReplayWebhookDeliverySuccess', delivery: { id: string, webhookId: string, type: string, orderId: string, status: WebhookDeliveryStatus, nextAttemptAt: string | null, createdAt: string, deliveredAt: string | null, attempts: Array<{ at: string, succeeded: boolean, responseStatus: number | null, error: string | null, durationMs: number }> } }
    | { __typename: 'WebhookDeliveryNotFoundError', message: string, code: string, deliveryId: string }
   };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret:
    | { __typename: 'RotateWebhookSecretSuccess', endpoint: { id: string, url: string, events: Array<string> | null, secret: string, previousSecretExpiresAt: string | null, createdAt: string } }
    | { __typename: 'WebhookEndpointNotFoundError', message: string, code: string, endpointId: string }
   };
