/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

export type OrderStatus =
  | 'CANCELLED'
  | 'CLOSED'
  | 'FINISHED'
  | 'PAUSED'
  | 'PENDING';

export type PendingStatus =
  | 'PARTNER_GOING_TO_DESTINATION'
  | 'PARTNER_GOING_TO_ORIGIN'
  | 'PARTNER_IN_ORIGIN'
  | 'PARTNER_START_ORDER'
  | 'PENDING_PARTNER'
  | 'PENDING_PAYMENT';

/** The service asked for; the legacy numeric codes are 1, 2 and 3 */
export type ServiceCode =
  /** 2: battery jump-start */
  | 'BATTERY_JUMP_START'
  /** 1: towing */
  | 'TOWING'
  /** 3: tyre change */
  | 'TYRE_CHANGE';

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type CreateOrderMutation = { createOrder:
    | { __typename: 'CreateOrderSuccess', order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string } | null } }
    | { __typename: 'InvalidInputError', message: string, code: string, field: string }
    | { __typename: 'NoOperatorAvailableError', message: string, code: string }
    | { __typename: 'PaymentProviderError', message: string, code: string }
   };

export type OrderFieldsFragment = { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string } | null };

export type OrderQueryVariables = Exact<{
  id: string;
}>;


export type OrderQuery = { order: { id: string, status: OrderStatus, pendingStatus: PendingStatus | null, paymentProviderReference: string, originLatitude: number, originLongitude: number, destinationLatitude: number, destinationLongitude: number, originTitle: string, destinationTitle: string, serviceCode: ServiceCode, vehicleIdentification: string, duration: string, distance: number, totalAmount: number, partnerAmount: number, platformAmount: number, currency: string, partnerDistance: number, partnerDuration: string, clientName: string | null, clientPhone: string, createdAt: string, updatedAt: string, partner: { id: string } | null } | null };
