// The key under which per-address limits count a client. An IPv4 address is one client; an IPv6 client
// usually holds a whole /64 (SLAAC, privacy addresses), so counting single IPv6 addresses would let one
// machine spread its attempts over 2^64 keys: IPv6 addresses count per /64 prefix.
import net from 'node:net';

export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (net.isIPv6(ip)) return `${prefix64(ip)}::/64`;
  return ip;
}

/** The first four groups of an IPv6 address, expanded and lower-cased. */
function prefix64(ip: string): string {
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 in a non-mapped form) takes two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const missing = ip.includes('::') ? 8 - width(left) - width(right) : 0;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}
