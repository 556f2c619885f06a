/**
 * Whether an address (as Node, Express or Fastify report a peer: `127.0.0.1`, `::1`, `::ffff:127.0.0.1`)
 * is the machine itself: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6. Anything else,
 * and anything that is not an address at all (a missing header), is not.
 */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  if (!address.includes(':')) return ipv4Octets(address)?.[0] === 127;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeros(7) && groups[7] === 1) return true;
  // ::ffff:a.b.c.d — an IPv4 peer on a dual-stack socket.
  return zeros(5) && groups[5] === 0xffff && (groups[6] ?? 0) >> 8 === 127;
}

function ipv4Octets(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1 && part.includes('.')) {
        const octets = ipv4Octets(part);
        if (!octets) return null;
        groups.push(((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/.test(part)) {
        groups.push(Number.parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
