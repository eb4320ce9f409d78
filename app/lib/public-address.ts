import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Whether the server may connect to an IP address on a user's behalf: only addresses on the
 * public internet. Everything this machine or its network can reach privately (loopback, private
 * ranges, link-local cloud metadata at 169.254.169.254, carrier-grade NAT, multicast, broadcast,
 * unspecified, documentation and other reserved ranges) is refused, and IPv6 forms that carry an
 * IPv4 address (mapped, compatible, NAT64) are judged by that IPv4 address.
 */

const NOT_PUBLIC_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", including 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including 255.255.255.255
];

/** Inside global unicast (2000::/3, the only IPv6 range allowed), the parts that are not public. */
const NOT_PUBLIC_V6: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments, Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address behind a relay
  ["3fff::", 20], // documentation
];

const refusedV4 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) refusedV4.addSubnet(network, prefix, "ipv4");
const refusedV6 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V6) refusedV6.addSubnet(network, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1]!.split(".").map(Number);
    if (!isIPv4(dotted[1]!)) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split("::");
  if (rest.length > 0) return null;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !refusedV4.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const groups = groupsOf(address);
  if (!groups) return false;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; :: and ::1 fall here as 0.0.0.x).
  if (zeroTo(5) && (g5 === 0xffff || g5 === 0)) return isPublicAddress(v4Of(g6, g7));
  // 64:ff9b::a.b.c.d, NAT64: reaches the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicAddress(v4Of(g6, g7));
  }
  // Outside 2000::/3 is link-local, unique-local, multicast, site-local or unassigned.
  if ((g0 & 0xe000) !== 0x2000) return false;
  const canonical = groups.map((g) => g.toString(16)).join(":");
  return !refusedV6.check(canonical, "ipv6");
}
