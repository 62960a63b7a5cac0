import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { phrase, type ProblemMessage } from '../../lib/problem.js';

/**
 * Where a webhook may go: a URL whose host resolves to a loopback, private, link-local (the cloud metadata
 * address 169.254.169.254 among them) or otherwise non-public address would let a subscriber make the portal call
 * into its own network. Such addresses are refused unless the configuration allows them: all of them
 * (WEBHOOK_ALLOW_PRIVATE) or some networks (WEBHOOK_ALLOWED_NETWORKS). The check runs at subscription and again at
 * each delivery, on the very addresses the connection uses (a name that resolves elsewhere later is caught then).
 */

const NON_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const NON_PUBLIC_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: would reach IPv4 addresses
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) nonPublic.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
export function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  // The same written in hex (`::ffff:a00:1`, as URL parsing writes it).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export interface AddressPolicy {
  /** May a webhook connect to this address? */
  allows(address: string): boolean;
  /** Is it an address of a network the configuration opened (where plain http is accepted too)? */
  isAllowedPrivate(address: string): boolean;
}

export interface AddressConfig {
  WEBHOOK_ALLOW_PRIVATE: boolean;
  WEBHOOK_ALLOWED_NETWORKS: string;
}

export function addressPolicy(config: AddressConfig): AddressPolicy {
  const allowed = new BlockList();
  for (const entry of config.WEBHOOK_ALLOWED_NETWORKS.split(',').map((text) => text.trim()).filter(Boolean)) {
    const [network, prefix] = entry.split('/');
    const family = isIP(network!) === 6 ? 'ipv6' : 'ipv4';
    allowed.addSubnet(network!, Number(prefix ?? (family === 'ipv6' ? 128 : 32)), family);
  }
  const isNonPublic = (address: string) => {
    const { address: plain, family } = normalise(address);
    return nonPublic.check(plain, family);
  };
  const isAllowedPrivate = (address: string) => {
    const { address: plain, family } = normalise(address);
    return isNonPublic(address) && (config.WEBHOOK_ALLOW_PRIVATE || allowed.check(plain, family));
  };
  return {
    allows: (address) => !isNonPublic(address) || isAllowedPrivate(address),
    isAllowedPrivate,
  };
}

/** Why a URL is refused, or undefined when it may be called: https to public addresses, http only to opened networks. */
/** Why a URL is refused, in the catalogues: the admin who types it reads it in their language. */
const REFUSALS = {
  notUrl: /*i18n*/ { id: 'problem.webhooks.notUrl', message: 'It is not a URL.' },
  httpsOnly: /*i18n*/ { id: 'problem.webhooks.httpsOnly', message: 'Only https URLs are accepted.' },
  credentials: /*i18n*/ { id: 'problem.webhooks.credentials', message: 'A URL with a user name or password is not accepted.' },
  unresolved: /*i18n*/ { id: 'problem.webhooks.unresolved', message: 'The host {host} does not resolve.' },
  nonPublic: /*i18n*/ { id: 'problem.webhooks.nonPublic', message: 'The host resolves to {address}, a loopback, private or link-local address.' },
};

/**
 * Why a URL is refused (a catalogue message and its values; `phrase(…)`), or undefined when it may be called: https to
 * public addresses, http only to opened networks.
 */
export async function refusalOf(url: string, policy: AddressPolicy, resolve: (host: string) => Promise<LookupAddress[]> = resolveAll): Promise<ProblemMessage | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return phrase(REFUSALS.notUrl);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return phrase(REFUSALS.httpsOnly);
  if (parsed.username || parsed.password) return phrase(REFUSALS.credentials);
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(parsed.hostname);
  } catch {
    return phrase(REFUSALS.unresolved, { host: parsed.hostname });
  }
  const refused = addresses.find((entry) => !policy.allows(entry.address));
  if (refused) return phrase(REFUSALS.nonPublic, { address: normalise(refused.address).address });
  if (parsed.protocol === 'http:' && !addresses.every((entry) => policy.isAllowedPrivate(entry.address))) return phrase(REFUSALS.httpsOnly);
  return undefined;
}

/** Every address of a host; an IP literal is its own (brackets of an IPv6 literal removed). */
export async function resolveAll(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family) return [{ address: bare, family }];
  return dnsLookup(bare, { all: true, verbatim: true });
}
