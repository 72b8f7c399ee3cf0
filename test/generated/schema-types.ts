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

export type AcceptOfferResult = AcceptOfferSuccess | InvalidInputError | InvalidTransitionError | OfferUnavailableError | OperatorUnavailableError | UnavailableInGatewayModeError;

export type AcceptOfferSuccess = {
  __typename?: 'AcceptOfferSuccess';
  order: Order;
};

export type AdvanceOrderInput = {
  orderId: Scalars['ID']['input'];
  to: OrderStep;
};

export type AdvanceOrderResult = AdvanceOrderSuccess | InvalidInputError | InvalidTransitionError | OrderNotFoundError | UnavailableInGatewayModeError;

export type AdvanceOrderSuccess = {
  __typename?: 'AdvanceOrderSuccess';
  order: Order;
};

export type AssignOrderInput = {
  operatorId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  /** Up to 500 characters, kept in the order history */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type AssignOrderResult = AssignOrderSuccess | InvalidInputError | InvalidTransitionError | OperatorNotFoundError | OperatorUnavailableError | OrderNotFoundError | UnavailableInGatewayModeError;

export type AssignOrderSuccess = {
  __typename?: 'AssignOrderSuccess';
  order: Order;
};

export type CancelOrderInput = {
  orderId: Scalars['ID']['input'];
  /** Up to 500 characters, kept in the order history */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type CancelOrderResult = CancelOrderSuccess | InvalidInputError | InvalidTransitionError | OrderNotFoundError | UnavailableInGatewayModeError;

export type CancelOrderSuccess = {
  __typename?: 'CancelOrderSuccess';
  order: Order;
};

export type CloseOrderInput = {
  orderId: Scalars['ID']['input'];
  /** Up to 500 characters, kept in the order history */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type CloseOrderResult = CloseOrderSuccess | InvalidInputError | InvalidTransitionError | OrderNotFoundError | UnavailableInGatewayModeError;

export type CloseOrderSuccess = {
  __typename?: 'CloseOrderSuccess';
  order: Order;
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

export type CreateWebhookEndpointInput = {
  /** The types to receive (order.created, order.paid, …); every type when left out */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  /** https (http outside production), on a public address */
  url: Scalars['String']['input'];
};

export type CreateWebhookEndpointResult = CreateWebhookEndpointSuccess | InvalidInputError;

export type CreateWebhookEndpointSuccess = {
  __typename?: 'CreateWebhookEndpointSuccess';
  endpoint: WebhookEndpoint;
};

export type DeclineOfferResult = DeclineOfferSuccess | InvalidInputError | OfferUnavailableError | UnavailableInGatewayModeError;

export type DeclineOfferSuccess = {
  __typename?: 'DeclineOfferSuccess';
  orderId: Scalars['ID']['output'];
};

export type DeleteWebhookEndpointResult = DeleteWebhookEndpointSuccess | WebhookEndpointNotFoundError;

export type DeleteWebhookEndpointSuccess = {
  __typename?: 'DeleteWebhookEndpointSuccess';
  endpointId: Scalars['ID']['output'];
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

/** The change is not allowed from where the order is; status and pendingStatus say where that is */
export type InvalidTransitionError = Error & {
  __typename?: 'InvalidTransitionError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  pendingStatus?: Maybe<PendingStatus>;
  status: OrderStatus;
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
  /** Takes the order offered to this operator: it becomes its partner. Needs an operator token */
  acceptOffer: AcceptOfferResult;
  /** Reports the operator's progress on its order, one step at a time; a step already reached succeeds and changes nothing. Needs an operator token */
  advanceOrder: AdvanceOrderResult;
  /** Gives an order awaiting an operator to the one named, whatever was offered: it must be free, on duty and offer the service. Needs the scope orders:admin */
  assignOrder: AssignOrderResult;
  /** Cancels one of the caller's own orders, until its vehicle is on the way to the destination; a paid order is refunded. With the scope orders:admin, the platform cancels any order not ended, paused included, refunded in full. Cancelling a cancelled order succeeds and changes nothing */
  cancelOrder: CancelOrderResult;
  /** Closes a finished order now, rather than when it closes itself. Needs the scope orders:admin */
  closeOrder: CloseOrderResult;
  /** Estimates the service, creates its payment link and stores the order */
  createOrder: CreateOrderResult;
  /** Registers a URL that the events of the caller's orders are POSTed to; the answer holds its signing secret */
  createWebhookEndpoint: CreateWebhookEndpointResult;
  /** Turns the offer down: the order is offered to the next nearest operator. Needs an operator token */
  declineOffer: DeclineOfferResult;
  /** Deletes one of the caller's endpoints: nothing more is sent to it, its pending deliveries fail */
  deleteWebhookEndpoint: DeleteWebhookEndpointResult;
  /** Records the operator's position. Needs the scope operators:write, or the operator's own token */
  moveOperator: MoveOperatorResult;
  /** Holds an order awaiting or with an operator: offers stop, the operator stays on it. Needs the scope orders:admin */
  pauseOrder: PauseOrderResult;
  /** Removes the operator from the roster; orders keep the id they quoted. Needs the scope operators:write */
  removeOperator: RemoveOperatorResult;
  /** Sends a delivery again now, delivered or failed, with the same webhook-id; its retries start afresh */
  replayWebhookDelivery: ReplayWebhookDeliveryResult;
  /** Takes a paused order back exactly where it was; one awaiting an operator is offered again. Needs the scope orders:admin */
  resumeOrder: ResumeOrderResult;
  /** Gives the endpoint a new secret; deliveries are signed with both until previousSecretExpiresAt (WEBHOOKS_SECRET_OVERLAP_HOURS), so that the receiver can switch without missing one */
  rotateWebhookSecret: RotateWebhookSecretResult;
  /** Puts the operator on duty (offered to orders) or off duty. Needs the scope operators:write */
  setOperatorDuty: SetOperatorDutyResult;
  /** Creates the operator, or replaces what is known of it when the id exists. Needs the scope operators:write */
  upsertOperator: UpsertOperatorResult;
};


export type MutationAcceptOfferArgs = {
  orderId: Scalars['ID']['input'];
};


export type MutationAdvanceOrderArgs = {
  input: AdvanceOrderInput;
};


export type MutationAssignOrderArgs = {
  input: AssignOrderInput;
};


export type MutationCancelOrderArgs = {
  input: CancelOrderInput;
};


export type MutationCloseOrderArgs = {
  input: CloseOrderInput;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};


export type MutationCreateWebhookEndpointArgs = {
  input: CreateWebhookEndpointInput;
};


export type MutationDeclineOfferArgs = {
  orderId: Scalars['ID']['input'];
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationMoveOperatorArgs = {
  input: MoveOperatorInput;
};


export type MutationPauseOrderArgs = {
  input: PauseOrderInput;
};


export type MutationRemoveOperatorArgs = {
  id: Scalars['ID']['input'];
};


export type MutationReplayWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationResumeOrderArgs = {
  input: ResumeOrderInput;
};


export type MutationRotateWebhookSecretArgs = {
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

/** An order offered to this operator, waiting for its answer until expiresAt */
export type Offer = {
  __typename?: 'Offer';
  expiresAt: Scalars['String']['output'];
  order: Order;
};

/** The offer is no longer this operator's: expired, withdrawn, declined (to an accept), taken by another, or never made */
export type OfferUnavailableError = Error & {
  __typename?: 'OfferUnavailableError';
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

/** The operator cannot take the order: busy with another, off duty, or not offering its service */
export type OperatorUnavailableError = Error & {
  __typename?: 'OperatorUnavailableError';
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
  /** The offer the order is waiting on: the operator asked and until when; null when none is waiting (not yet paid, between two offers, taken, ended). Needs the scope orders:admin */
  offer?: Maybe<OrderOffer>;
  originLatitude: Scalars['Float']['output'];
  originLongitude: Scalars['Float']['output'];
  originTitle: Scalars['String']['output'];
  partner?: Maybe<Partner>;
  partnerAmount: Scalars['Float']['output'];
  /** Metres to the origin from the nearest available operator; once an operator took the order, from its last reported position */
  partnerDistance: Scalars['Int']['output'];
  /** Time to the origin from the nearest available operator, "<seconds>s"; once an operator took the order, from its last reported position */
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

/** One change of an order: what it was, its state after it, when, who made it, and why when that was given */
export type OrderChange = {
  __typename?: 'OrderChange';
  actor: OrderActor;
  at: Scalars['String']['output'];
  kind: OrderChangeKind;
  pendingStatus?: Maybe<PendingStatus>;
  reason?: Maybe<Scalars['String']['output']>;
  status: OrderStatus;
};

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

/** The offer an order awaiting an operator is waiting on: to whom, and until when */
export type OrderOffer = {
  __typename?: 'OrderOffer';
  /** When the offer lapses unanswered and passes to the next nearest */
  expiresAt: Scalars['String']['output'];
  /** The roster id of the operator asked */
  operatorId: Scalars['ID']['output'];
  /** The order offered, as the platform sees it */
  order: Order;
};

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
  /** Where the operator last reported it was while on this order */
  latitude: Scalars['Float']['output'];
  longitude: Scalars['Float']['output'];
  name: Scalars['String']['output'];
  /** E.164 */
  phone: Scalars['String']['output'];
};

export type PauseOrderInput = {
  orderId: Scalars['ID']['input'];
  /** Up to 500 characters, kept in the order history */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type PauseOrderResult = InvalidInputError | InvalidTransitionError | OrderNotFoundError | PauseOrderSuccess | UnavailableInGatewayModeError;

export type PauseOrderSuccess = {
  __typename?: 'PauseOrderSuccess';
  order: Order;
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
  /** The offers waiting for this operator's answer, oldest first. Needs an operator token */
  myOffers: Array<Offer>;
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
  /** Every offer waiting now for an operator's answer, whoever owns the order, the soonest to lapse first. Needs the scope orders:admin */
  waitingOffers: Array<OrderOffer>;
  /** The latest deliveries (up to 100) of one of the caller's endpoints, the newest first, with their tries */
  webhookDeliveries: WebhookDeliveriesResult;
  /** The caller's webhook endpoints, the oldest first */
  webhookEndpoints: Array<WebhookEndpoint>;
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


export type QueryWaitingOffersArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookDeliveriesArgs = {
  endpointId: Scalars['ID']['input'];
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
  /** Metres to the origin from the nearest available operator; once an operator took the order, from its last reported position */
  partnerDistance: Scalars['Int']['output'];
  /** Time to the origin from the nearest available operator, "<seconds>s"; once an operator took the order, from its last reported position */
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

export type ReplayWebhookDeliveryResult = ReplayWebhookDeliverySuccess | WebhookDeliveryNotFoundError;

export type ReplayWebhookDeliverySuccess = {
  __typename?: 'ReplayWebhookDeliverySuccess';
  delivery: WebhookDelivery;
};

export type ResumeOrderInput = {
  orderId: Scalars['ID']['input'];
  /** Up to 500 characters, kept in the order history */
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type ResumeOrderResult = InvalidInputError | InvalidTransitionError | OrderNotFoundError | ResumeOrderSuccess | UnavailableInGatewayModeError;

export type ResumeOrderSuccess = {
  __typename?: 'ResumeOrderSuccess';
  order: Order;
};

export type RotateWebhookSecretResult = RotateWebhookSecretSuccess | WebhookEndpointNotFoundError;

export type RotateWebhookSecretSuccess = {
  __typename?: 'RotateWebhookSecretSuccess';
  endpoint: WebhookEndpoint;
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

/** The service runs as a gateway in front of the legacy order service, which does this itself (the roster, quotes, the orders after their creation) */
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

/** One try of a delivery, and what the endpoint answered */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  at: Scalars['String']['output'];
  durationMs: Scalars['Int']['output'];
  /** Why the try failed: the status, a timeout, a lost connection, a refused address */
  error?: Maybe<Scalars['String']['output']>;
  /** The endpoint's HTTP status; null when it gave none */
  responseStatus?: Maybe<Scalars['Int']['output']>;
  /** The endpoint answered 2xx */
  succeeded: Scalars['Boolean']['output'];
};

export type WebhookDeliveriesResult = WebhookDeliveriesSuccess | WebhookEndpointNotFoundError;

export type WebhookDeliveriesSuccess = {
  __typename?: 'WebhookDeliveriesSuccess';
  deliveries: Array<WebhookDelivery>;
};

/** One event of an order sent to one endpoint, tried until the endpoint answers 2xx */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** Every try, the oldest first */
  attempts: Array<WebhookAttempt>;
  createdAt: Scalars['String']['output'];
  deliveredAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  nextAttemptAt?: Maybe<Scalars['String']['output']>;
  orderId: Scalars['ID']['output'];
  status: WebhookDeliveryStatus;
  type: Scalars['String']['output'];
  /** The webhook-id header: the same on every try and replay */
  webhookId: Scalars['String']['output'];
};

export type WebhookDeliveryNotFoundError = Error & {
  __typename?: 'WebhookDeliveryNotFoundError';
  code: Scalars['String']['output'];
  deliveryId: Scalars['ID']['output'];
  message: Scalars['String']['output'];
};

export type WebhookDeliveryStatus =
  /** The endpoint answered 2xx */
  | 'DELIVERED'
  /** Given up after about a day of retries, or its endpoint was deleted */
  | 'FAILED'
  /** Not yet answered 2xx; tried again at nextAttemptAt */
  | 'PENDING';

/** An integrator's URL that the events of its orders are POSTed to, signed (Standard Webhooks) */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  createdAt: Scalars['String']['output'];
  /** The types it receives (order.created, order.paid, …); null: every type, those added later included */
  events?: Maybe<Array<Scalars['String']['output']>>;
  id: Scalars['ID']['output'];
  /** After rotateWebhookSecret: until when deliveries are also signed with the previous secret */
  previousSecretExpiresAt?: Maybe<Scalars['String']['output']>;
  /** whsec_…: the key its deliveries are signed with (webhook-signature) */
  secret: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type WebhookEndpointNotFoundError = Error & {
  __typename?: 'WebhookEndpointNotFoundError';
  code: Scalars['String']['output'];
  endpointId: Scalars['ID']['output'];
  message: Scalars['String']['output'];
};
