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

/** How the distances and durations of an order were estimated */
export type EstimateSource =
  /** by the great circle times a circuity factor: no routing provider, or it failed or was late */
  | 'GREAT_CIRCLE'
  /** by road, by the routing provider, for every leg */
  | 'ROAD';

export type InvalidInputError = Error & {
  __typename?: 'InvalidInputError';
  code: Scalars['String']['output'];
  field: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type MoveOperatorInput = {
  id: Scalars['ID']['input'];
  latitude: Scalars['Float']['input'];
  longitude: Scalars['Float']['input'];
};

export type MoveOperatorResult = InvalidInputError | MoveOperatorSuccess | OperatorNotFoundError;

export type MoveOperatorSuccess = {
  __typename?: 'MoveOperatorSuccess';
  operator: Operator;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Estimates the service, creates its payment link and stores the order */
  createOrder: CreateOrderResult;
  /** Records the operator's position. Needs the scope operators:write */
  moveOperator: MoveOperatorResult;
  /** Removes the operator from the roster; orders keep the id they quoted. Needs the scope operators:write */
  removeOperator: RemoveOperatorResult;
  /** Puts the operator on duty (offered to orders) or off duty. Needs the scope operators:write */
  setOperatorDuty: SetOperatorDutyResult;
  /** Creates the operator, or replaces what is known of it when the id exists. Needs the scope operators:write */
  upsertOperator: UpsertOperatorResult;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};


export type MutationMoveOperatorArgs = {
  input: MoveOperatorInput;
};


export type MutationRemoveOperatorArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetOperatorDutyArgs = {
  input: SetOperatorDutyInput;
};


export type MutationUpsertOperatorArgs = {
  input: UpsertOperatorInput;
};

export type NearbyOperator = {
  __typename?: 'NearbyOperator';
  /** Great-circle metres from the point, rounded */
  distance: Scalars['Int']['output'];
  operator: Operator;
};

export type NoOperatorAvailableError = Error & {
  __typename?: 'NoOperatorAvailableError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

/** A tow truck or mobile mechanic that orders are dispatched to */
export type Operator = {
  __typename?: 'Operator';
  id: Scalars['ID']['output'];
  latitude: Scalars['Float']['output'];
  longitude: Scalars['Float']['output'];
  name: Scalars['String']['output'];
  /** Only operators on duty are offered to orders */
  onDuty: Scalars['Boolean']['output'];
  /** E.164 */
  phone: Scalars['String']['output'];
  services: Array<ServiceCode>;
  updatedAt: Scalars['String']['output'];
};

export type OperatorNotFoundError = Error & {
  __typename?: 'OperatorNotFoundError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  operatorId: Scalars['ID']['output'];
};

export type OperatorsNearInput = {
  latitude: Scalars['Float']['input'];
  /** At most this many, 1 to 100; 10 when left out */
  limit?: InputMaybe<Scalars['Int']['input']>;
  longitude: Scalars['Float']['input'];
  /** Defaults to the dispatch radius (DISPATCH_RADIUS_KM) */
  radiusKm?: InputMaybe<Scalars['Float']['input']>;
  /** Only operators offering it; any service when left out */
  serviceCode?: InputMaybe<ServiceCode>;
};

export type OperatorsNearResult = InvalidInputError | OperatorsNearSuccess;

export type OperatorsNearSuccess = {
  __typename?: 'OperatorsNearSuccess';
  operators: Array<NearbyOperator>;
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
  /** ROAD when a routing provider answered every leg in time; else GREAT_CIRCLE */
  estimateSource: EstimateSource;
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
  /** When the payment link stops being payable (then the unpaid order is cancelled); null: never */
  paymentExpiresAt?: Maybe<Scalars['String']['output']>;
  /** URL of the payment on the payment provider */
  paymentProviderReference: Scalars['String']['output'];
  /** Where the payment stands; poll order(id) for it after handing out paymentProviderReference */
  paymentStatus: PaymentStatus;
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

/** Where the order's payment stands */
export type PaymentStatus =
  /** left unpaid: the link expired, or the order was cancelled before it was paid */
  | 'EXPIRED'
  /** paid: the order went on to PENDING_PARTNER */
  | 'PAID'
  /** the payment link is open */
  | 'PENDING'
  /** paid, then cancelled and refunded */
  | 'REFUNDED'
  /** paid, then cancelled: the refund is being made (retried until the provider accepts it) */
  | 'REFUND_PENDING';

export type PendingStatus =
  | 'PARTNER_GOING_TO_DESTINATION'
  | 'PARTNER_GOING_TO_ORIGIN'
  | 'PARTNER_IN_ORIGIN'
  | 'PARTNER_START_ORDER'
  | 'PENDING_PARTNER'
  | 'PENDING_PAYMENT';

export type Query = {
  __typename?: 'Query';
  /** One operator, on duty or not. Needs the scope operators:read */
  operator?: Maybe<Operator>;
  /** On-duty operators within the radius of a point, nearest first (ties by id). For a service, the first is the operator whose distance an order created there quotes. Needs the scope operators:read */
  operatorsNear: OperatorsNearResult;
  /** One of the caller's own orders */
  order?: Maybe<Order>;
};


export type QueryOperatorArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOperatorsNearArgs = {
  input: OperatorsNearInput;
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};

export type RemoveOperatorResult = InvalidInputError | OperatorNotFoundError | RemoveOperatorSuccess;

export type RemoveOperatorSuccess = {
  __typename?: 'RemoveOperatorSuccess';
  operatorId: Scalars['ID']['output'];
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
  id: Scalars['ID']['input'];
  onDuty: Scalars['Boolean']['input'];
};

export type SetOperatorDutyResult = InvalidInputError | OperatorNotFoundError | SetOperatorDutySuccess;

export type SetOperatorDutySuccess = {
  __typename?: 'SetOperatorDutySuccess';
  operator: Operator;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** One of the caller's orders (or the order its operator token is on), as it is now and again after each change, in order; at most one update a second for changes that only move the operator. Ends with UNAUTHENTICATED when the token expires, ORDER_NOT_FOUND for an order not the caller's */
  orderUpdated: Order;
};


export type SubscriptionOrderUpdatedArgs = {
  id: Scalars['ID']['input'];
};

export type UpsertOperatorInput = {
  /** Your id for the operator: 1 to 64 letters, digits or . _ : - */
  id: Scalars['ID']['input'];
  latitude: Scalars['Float']['input'];
  longitude: Scalars['Float']['input'];
  name: Scalars['String']['input'];
  /** Left out: unchanged for a known operator; a new one starts on duty */
  onDuty?: InputMaybe<Scalars['Boolean']['input']>;
  /** E.164, e.g. +56912345678 */
  phone: Scalars['String']['input'];
  /** At least one */
  services: Array<ServiceCode>;
};

export type UpsertOperatorResult = InvalidInputError | UpsertOperatorSuccess;

export type UpsertOperatorSuccess = {
  __typename?: 'UpsertOperatorSuccess';
  operator: Operator;
};
