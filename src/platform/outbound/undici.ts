// The undici package, loaded without taking over Node's global fetch (see fetch-dispatcher.ts):
// the service's outside calls use pools of their own; jose's JWKS requests and any other fetch
// in the process keep Node's client. Import undici through this module only.
import { keepNodeDispatcher } from './fetch-dispatcher.js';

export { Pool } from 'undici';

keepNodeDispatcher();
