/** True for this machine's own addresses, as a socket reports them (IPv4, IPv6, IPv4-mapped). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.startsWith("127.") || address === "::1";
}
