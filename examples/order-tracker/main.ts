import { parseArgs } from 'node:util';
import { createTrustedClient } from './client.js';
import { CreateTowing, FollowOrder } from './operations.js';

// Creates a towing order and follows it with `orderUpdated` over SSE, every document sent by id:
//   SERVICE_URL=http://localhost:4000 TOKEN=… npx tsx examples/order-tracker/main.ts [--events N]
// Prints one JSON line per event; ends after N events (by default when the order is done).
const { values } = parseArgs({ options: { events: { type: 'string' }, 'timeout-ms': { type: 'string', default: '60000' } } });
const url = process.env.SERVICE_URL ?? 'http://localhost:4000';
const token = process.env.TOKEN;
if (!token) {
  console.error('TOKEN is needed: a Bearer token of the service (`npm run token` prints one in development)');
  process.exit(2);
}
const wanted = values.events === undefined ? Infinity : Number(values.events);
const DONE = new Set(['FINISHED', 'CANCELLED', 'CLOSED']);

const client = createTrustedClient({ url, authorization: `Bearer ${token}` });
const created = await client.request(CreateTowing, {
  input: {
    originLatitude: -33.4378,
    originLongitude: -70.6505,
    destinationLatitude: -33.495,
    destinationLongitude: -70.58,
    serviceCode: 'TOWING',
    phoneNumber: '+56912345678',
    vehicleIdentification: 'AB-12 CD',
  },
});
const result = created.data?.createOrder;
if (!result || result.__typename !== 'CreateOrderSuccess') {
  console.error(JSON.stringify(created.errors ?? result));
  process.exit(1);
}
const { order } = result;
console.log(JSON.stringify({ created: order }));

let seen = 0;
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => {
    stop();
    reject(new Error(`no end of the order's updates within ${values['timeout-ms']} ms`));
  }, Number(values['timeout-ms']));
  const finish = () => {
    clearTimeout(timer);
    stop();
    resolve();
  };
  const stop = client.subscribe(FollowOrder, { id: order.id }, {
    next({ data, errors }) {
      if (errors) return console.log(JSON.stringify({ errors }));
      console.log(JSON.stringify({ updated: data!.orderUpdated }));
      if (++seen >= wanted || DONE.has(data!.orderUpdated.status)) finish();
    },
    error: (error) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
    },
    complete: finish,
  });
});
await client.dispose();
