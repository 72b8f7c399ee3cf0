import ipaddr from 'ipaddr.js';

/**
 * Why a webhook may not be sent to this address, or null when it may: only public unicast
 * addresses are reachable by an endpoint, so that no integrator can make the service call its own
 * loopback, the private network it runs in, or a cloud's metadata service (169.254.169.254 and
 * fd00:ec2::254 are link-local and unique-local). An IPv4 address written as IPv6
 * (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  // ::/8 holds the unspecified and loopback addresses, the IPv4-mapped, the deprecated
  // IPv4-compatible and NAT64's (64:ff9b::/96), and nothing public.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts[0]! < 0x100) return 'reserved';
  const range = parsed.range();
  // Everything that is not plain public unicast: loopback, private, link-local, unique-local,
  // carrier-grade NAT, multicast, documentation, and the IPv6 ranges that embed an IPv4 address
  // (6to4, NAT64, Teredo), which could lead back to a private one.
  return range === 'unicast' ? null : range;
}

/** The first refusal among all the addresses a name resolves to: one private address is enough. */
export function refusedAmong(addresses: readonly string[]): { address: string; range: string } | null {
  if (addresses.length === 0) return { address: '', range: 'no address' };
  for (const address of addresses) {
    const range = refusedAddress(address);
    if (range !== null) return { address, range };
  }
  return null;
}
