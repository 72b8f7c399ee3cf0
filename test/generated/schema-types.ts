export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

export type CreateOrderInput = {
  /** Defaults to the token's name claim */
  clientName?: InputMaybe<Scalars['String']['input']>;
  /** Required for towing; other services default to the origin */
  destinationLatitude?: InputMaybe<Scalars['Float']['input']>;
  destinationLongitude?: InputMaybe<Scalars['Float']['input']>;
  destinationTitle?: InputMaybe<Scalars['String']['input']>;
  originLatitude: Scalars['Float']['input'];
  originLongitude: Scalars['Float']['input'];
  /** Defaults to the coordinates as text */
  originTitle?: InputMaybe<Scalars['String']['input']>;
  /** E.164, e.g. +56912345678 */
  phoneNumber: Scalars['String']['input'];
  serviceCode: ServiceCode;
  /** Licence plate */
  vehicleIdentification: Scalars['String']['input'];
};

export type CreateOrderResult = CreateOrderSuccess | InvalidInputError | NoOperatorAvailableError | PaymentProviderError;

export type CreateOrderSuccess = {
  __typename?: 'CreateOrderSuccess';
  order: Order;
};

export type Error = {
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type InvalidInputError = Error & {
  __typename?: 'InvalidInputError';
  code: Scalars['String']['output'];
  field: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Estimates the service, creates its payment link and stores the order */
  createOrder: CreateOrderResult;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};

export type NoOperatorAvailableError = Error & {
  __typename?: 'NoOperatorAvailableError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

/** A roadside-assistance order; the fields of the legacy order, under the same names */
export type Order = {
  __typename?: 'Order';
  clientName?: Maybe<Scalars['String']['output']>;
  clientPhone: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  /** ISO 4217 code of the amounts */
  currency: Scalars['String']['output'];
  destinationLatitude: Scalars['Float']['output'];
  destinationLongitude: Scalars['Float']['output'];
  destinationTitle: Scalars['String']['output'];
  /** Estimated trip distance in metres */
  distance: Scalars['Int']['output'];
  /** Estimated trip duration, "<seconds>s" */
  duration: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  originLatitude: Scalars['Float']['output'];
  originLongitude: Scalars['Float']['output'];
  originTitle: Scalars['String']['output'];
  partner?: Maybe<Partner>;
  partnerAmount: Scalars['Float']['output'];
  /** Metres from the nearest operator to the origin */
  partnerDistance: Scalars['Int']['output'];
  /** Time from the nearest operator to the origin, "<seconds>s" */
  partnerDuration: Scalars['String']['output'];
  /** URL of the payment on the payment provider */
  paymentProviderReference: Scalars['String']['output'];
  pendingStatus?: Maybe<PendingStatus>;
  platformAmount: Scalars['Float']['output'];
  serviceCode: ServiceCode;
  status: OrderStatus;
  totalAmount: Scalars['Float']['output'];
  updatedAt: Scalars['String']['output'];
  /** Plate, upper-cased, no spaces or hyphens */
  vehicleIdentification: Scalars['String']['output'];
};

export type OrderStatus =
  | 'CANCELLED'
  | 'CLOSED'
  | 'FINISHED'
  | 'PAUSED'
  | 'PENDING';

/** The operator assigned to the order */
export type Partner = {
  __typename?: 'Partner';
  id: Scalars['ID']['output'];
};

export type PaymentProviderError = Error & {
  __typename?: 'PaymentProviderError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type PendingStatus =
  | 'PARTNER_GOING_TO_DESTINATION'
  | 'PARTNER_GOING_TO_ORIGIN'
  | 'PARTNER_IN_ORIGIN'
  | 'PARTNER_START_ORDER'
  | 'PENDING_PARTNER'
  | 'PENDING_PAYMENT';

export type Query = {
  __typename?: 'Query';
  /** One of the caller's own orders */
  order?: Maybe<Order>;
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};

/** The service asked for; the legacy numeric codes are 1, 2 and 3 */
export type ServiceCode =
  /** 2: battery jump-start */
  | 'BATTERY_JUMP_START'
  /** 1: towing */
  | 'TOWING'
  /** 3: tyre change */
  | 'TYRE_CHANGE';
