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
  /** The order's creation and every change after it, oldest first (an operator's moves are not changes) */
  history: Array<OrderChange>;
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

/** One change of an order: its state after it, when, who made it, and why when that was given */
export type OrderChange = {
  __typename?: 'OrderChange';
  actor: OrderActor;
  at: Scalars['String']['output'];
  pendingStatus?: Maybe<PendingStatus>;
  reason?: Maybe<Scalars['String']['output']>;
  status: OrderStatus;
};

export type OrderConnection = {
  __typename?: 'OrderConnection';
  edges: Array<OrderEdge>;
  pageInfo: PageInfo;
};

export type OrderEdge = {
  __typename?: 'OrderEdge';
  cursor: Scalars['String']['output'];
  node: Order;
};

/** No order of the caller has that id: none has it, or it is another caller's */
export type OrderNotFoundError = Error & {
  __typename?: 'OrderNotFoundError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  orderId: Scalars['ID']['output'];
};

export type OrderStatus =
  | 'CANCELLED'
  | 'CLOSED'
  | 'FINISHED'
  | 'PAUSED'
  | 'PENDING';

export type PageInfo = {
  __typename?: 'PageInfo';
  /** Pass it as `after` for the next page; null when the page is empty */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** The operator assigned to the order */
export type Partner = {
  __typename?: 'Partner';
  id: Scalars['ID']['output'];
  /** Where the operator last reported it was */
  latitude: Scalars['Float']['output'];
  longitude: Scalars['Float']['output'];
  name: Scalars['String']['output'];
  /** E.164 */
  phone: Scalars['String']['output'];
};

export type PaymentProviderError = Error & {
  __typename?: 'PaymentProviderError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

/** Where the order's payment stands */
export type PaymentStatus =
  /** left unpaid past the link's expiry: the order was cancelled */
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

export type Query = {
  __typename?: 'Query';
  /** One operator, on duty or not. Needs the scope operators:read */
  operator?: Maybe<Operator>;
  /** On-duty operators within the radius of a point, nearest first (ties by id). For a service, the first is the operator whose distance an order created there quotes. Needs the scope operators:read */
  operatorsNear: OperatorsNearResult;
  /** One of the caller's own orders */
  order?: Maybe<Order>;
  /** The caller's own orders, newest first, a page at a time */
  orders: OrderConnection;
  /** The estimate of the order the input asks for, validated as createOrder validates it, without making it: no payment link, nothing stored. An order made from the same input right after carries the same figures */
  quote: QuoteResult;
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


export type QueryOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<OrderStatus>;
};


export type QueryQuoteArgs = {
  input: CreateOrderInput;
};

/** What an order of the same input would take and cost now, in the formats of Order; nothing is made */
export type Quote = {
  __typename?: 'Quote';
  /** ISO 4217 code of the amounts */
  currency: Scalars['String']['output'];
  /** Estimated trip distance in metres */
  distance: Scalars['Int']['output'];
  /** Estimated trip duration, "<seconds>s" */
  duration: Scalars['String']['output'];
  estimateSource: EstimateSource;
  partnerAmount: Scalars['Float']['output'];
  /** Metres from the nearest operator to the origin */
  partnerDistance: Scalars['Int']['output'];
  /** Time from the nearest operator to the origin, "<seconds>s" */
  partnerDuration: Scalars['String']['output'];
  platformAmount: Scalars['Float']['output'];
  totalAmount: Scalars['Float']['output'];
};

export type QuoteResult = InvalidInputError | NoOperatorAvailableError | PaymentProviderError | QuoteSuccess | UnavailableInGatewayModeError;

export type QuoteSuccess = {
  __typename?: 'QuoteSuccess';
  quote: Quote;
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

/** The service runs as a gateway in front of the legacy order service, which does not offer this */
export type UnavailableInGatewayModeError = Error & {
  __typename?: 'UnavailableInGatewayModeError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
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
