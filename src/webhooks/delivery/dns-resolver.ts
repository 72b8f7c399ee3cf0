import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { withinDeadline } from '../../platform/deadline.js';
import type { AddressResolver } from '../domain/ports.js';

/**
 * Every address of a name, as the system resolver gives them (the hosts file included, so
 * `localhost` is seen for what it is). The lookup cannot be cancelled: past the deadline its
 * answer is dropped.
 */
export const dnsResolver: AddressResolver = {
  async lookup(host, deadlineMs) {
    if (isIP(host)) return [host];
    const found = await withinDeadline(deadlineMs, () => lookup(host, { all: true, order: 'verbatim' }));
    return found.map((a) => a.address);
  },
};
