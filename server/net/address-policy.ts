/**
 * Which IP addresses an outbound fetch may connect to: public unicast addresses only, unless the
 * operator's allow-list (OUTBOUND_ALLOWED_NETWORKS) names the network. Loopback, private,
 * link-local, shared (100.64/10), multicast, broadcast, unspecified, reserved and the cloud
 * metadata addresses are refused; an IPv4-mapped IPv6 address is judged as the IPv4 address it
 * carries. The ranges are ipaddr.js's (the IANA special-purpose registries), not our own list.
 */
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Instance metadata services: never reachable through a range name, only an explicit CIDR. */
const METADATA: ReadonlyArray<[Address, number]> = [
  ipaddr.parseCIDR("169.254.169.254/32"),
  ipaddr.parseCIDR("fd00:ec2::254/128"),
  // Alibaba Cloud's, in the shared address space.
  ipaddr.parseCIDR("100.100.100.200/32"),
];

/** Named networks of the allow-list, by ipaddr.js range. */
const NAMED_NETWORKS: Record<string, ReadonlySet<string>> = {
  loopback: new Set(["loopback"]),
  private: new Set(["private", "uniqueLocal"]),
};

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  uniqueLocal: "a private (unique local) network address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a shared (carrier-grade NAT) address",
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
};

export type AllowedNetworks = {
  names: ReadonlySet<string>;
  cidrs: ReadonlyArray<[Address, number]>;
};

export const NO_ALLOWED_NETWORKS: AllowedNetworks = { names: new Set(), cidrs: [] };

/** One entry of OUTBOUND_ALLOWED_NETWORKS: `loopback`, `private`, an address or a CIDR range. */
export function isAllowedNetworkEntry(entry: string): boolean {
  if (entry in NAMED_NETWORKS) return true;
  // Written out in full (node's isIP): ipaddr.js would also take "10.1" as an address.
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && ipaddr.isValidCIDR(entry));
}

export function parseAllowedNetworks(entries: readonly string[]): AllowedNetworks {
  const names = new Set<string>();
  const cidrs: Array<[Address, number]> = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === "") continue;
    if (!isAllowedNetworkEntry(entry))
      throw new Error(`${entry} is not loopback, private, an IP address or a CIDR range`);
    if (entry in NAMED_NETWORKS) names.add(entry);
    else if (entry.includes("/")) cidrs.push(normalCidr(ipaddr.parseCIDR(entry)));
    else {
      const address = normal(ipaddr.parse(entry));
      cidrs.push([address, address.kind() === "ipv4" ? 32 : 128]);
    }
  }
  return { names, cidrs };
}

/** `::ffff:a.b.c.d` is a.b.c.d: the socket reaches the IPv4 address. */
function normal(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function normalCidr([address, bits]: [Address, number]): [Address, number] {
  const unmapped = normal(address);
  return unmapped === address ? [address, bits] : [unmapped, Math.max(0, bits - 96)];
}

function within(address: Address, [network, bits]: [Address, number]): boolean {
  return address.kind() === network.kind() && address.match(network, bits);
}

export type AddressVerdict = { allowed: true } | { allowed: false; why: string };

/**
 * Whether a connection to `ip` (a literal address, as the socket will use it) is allowed, and
 * if not, what kind of address it is ("a loopback address").
 */
export function judgeAddress(ip: string, allowed: AllowedNetworks): AddressVerdict {
  if (!ipaddr.isValid(ip)) return { allowed: false, why: "not an IP address" };
  const address = normal(ipaddr.parse(ip));
  if (allowed.cidrs.some((cidr) => within(address, cidr))) return { allowed: true };
  if (METADATA.some((cidr) => within(address, cidr)))
    return { allowed: false, why: "a cloud metadata address" };
  const range = address.range();
  if ([...allowed.names].some((name) => NAMED_NETWORKS[name]!.has(range))) return { allowed: true };
  // ::a.b.c.d (IPv4-compatible, deprecated) is no public address either.
  const ipv4Compatible = address.kind() === "ipv6" && within(address, [ipaddr.parse("::"), 96]);
  if (range === "unicast" && !ipv4Compatible) return { allowed: true };
  return { allowed: false, why: RANGE_WORDS[range] ?? "a special-purpose address" };
}
