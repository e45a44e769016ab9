/**
 * Where URLs set by users may lead (contract, "Outbound destinations"): their shape, and every address their host
 * resolves to, checked against the operator's ALLOWED_PRIVATE_DESTINATIONS on save and again on connect.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { embeddedIpv4, isPublicAddress } from './address-ranges';

/** The operator's exceptions: every address (`*`), host names as written in URLs, and address ranges. */
export interface DestinationPolicy {
  allowsAll: boolean;
  hosts: ReadonlySet<string>;
  addresses: BlockList;
}

/** A destination refused before anything was sent to it. */
export class DestinationNotAllowedError extends Error {
  readonly code = 'destination_not_allowed';
  constructor(message: string) {
    super(message);
    this.name = 'DestinationNotAllowedError';
  }
}

const HOST_NAME = /^[a-z0-9]([a-z0-9_-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*\.?$/i;

/** The problems of ALLOWED_PRIVATE_DESTINATIONS entries (CIDR, address, host name or `*`), for config checks. */
export function destinationEntryProblems(entries: readonly string[]): string[] {
  const problems: string[] = [];
  parseEntries(entries, (entry) =>
    problems.push(`ALLOWED_PRIVATE_DESTINATIONS: '${entry}' is not a CIDR, an address, a host name or *`),
  );
  return problems;
}

/** The policy of a validated entry list; an entry that cannot be read allows nothing. */
export function destinationPolicy(entries: readonly string[]): DestinationPolicy {
  return parseEntries(entries, () => undefined);
}

function parseEntries(entries: readonly string[], onInvalid: (entry: string) => void): DestinationPolicy {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  let allowsAll = false;
  for (const raw of entries) {
    const entry = raw.trim().replace(/^\[(.*)\]$/, '$1');
    const [network, prefixText] = entry.split('/') as [string, string | undefined];
    const family = isIP(network);
    const prefix = Number(prefixText);
    if (entry === '*') allowsAll = true;
    else if (family !== 0 && prefixText === undefined)
      addresses.addAddress(network, family === 4 ? 'ipv4' : 'ipv6');
    else if (family !== 0 && Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128))
      addresses.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
    else if (prefixText === undefined && HOST_NAME.test(entry)) hosts.add(hostKey(entry));
    else onInvalid(raw);
  }
  return { allowsAll, hosts, addresses };
}

const hostKey = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Why `value` cannot be a destination URL, or null: it must parse, use one of `schemes` (without the colon), and
 * carry neither credentials (`user:pass@`) nor a fragment (a `#` would turn an appended API path into a fragment).
 * A base URL that paths are appended to (`base: true`) carries no query either, for the same reason.
 */
export function destinationUrlProblem(
  value: string,
  schemes: readonly string[],
  options: { base?: boolean } = {},
): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Input should be a valid URL';
  }
  if (!schemes.includes(url.protocol.slice(0, -1)))
    return `Input should be a URL with scheme ${schemes.join(', ')}`;
  if (url.username !== '' || url.password !== '')
    return 'The URL must not carry credentials (user:password@)';
  if (value.includes('#')) return 'The URL must not carry a fragment (#)';
  if (options.base && value.includes('?')) return 'A base URL must not carry a query (?)';
  if (url.hostname === '') return 'The URL must name a host';
  return null;
}

/** Resolves the URL's host now and refuses it when one of its addresses is not allowed (the check on save). */
export async function checkDestination(value: string, policy: DestinationPolicy): Promise<void> {
  const host = hostKey(new URL(value).hostname);
  if (policy.allowsAll || policy.hosts.has(host)) return;
  const addresses =
    isIP(host) !== 0 ? [host] : await resolveAll(host).then((found) => found.map((a) => a.address));
  refuseUnlessAllowed(host, addresses, policy);
}

/**
 * Options for `net.connect` (through http, https or ws) that refuse a disallowed destination before anything is
 * sent: an address literal is checked here, a name when it is resolved for the connection, so the address checked
 * is the address connected to (a DNS answer that changes between the two cannot slip through).
 */
export function guardedConnectOptions(url: URL, policy: DestinationPolicy): { lookup: LookupFunction } {
  const host = hostKey(url.hostname);
  if (isIP(host) !== 0) refuseUnlessAllowed(host, [host], policy);
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      const reply = callback as (
        error: Error | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (error) return reply(error, '');
      try {
        refuseUnlessAllowed(
          hostKey(hostname),
          found.map((a) => a.address),
          policy,
        );
      } catch (refusal) {
        return reply(refusal as Error, '');
      }
      if (options.all) return reply(null, found);
      reply(null, found[0]!.address, found[0]!.family);
    });
  };
  return { lookup };
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) =>
      error ? reject(new DestinationNotAllowedError(`${host} does not resolve`)) : resolve(found),
    ),
  );
}

function refuseUnlessAllowed(host: string, addresses: string[], policy: DestinationPolicy): void {
  if (policy.allowsAll || policy.hosts.has(host)) return;
  if (addresses.length === 0) throw new DestinationNotAllowedError(`${host} does not resolve`);
  const refused = addresses.find((address) => !isAllowedAddress(address, policy));
  if (refused === undefined) return;
  throw new DestinationNotAllowedError(
    refused === host
      ? `${host} is a loopback, link-local or private address; the operator has not allowed it`
      : `${host} resolves to ${refused}, a loopback, link-local or private address; the operator has not allowed it`,
  );
}

function isAllowedAddress(address: string, policy: DestinationPolicy): boolean {
  if (isPublicAddress(address)) return true;
  const plain = address.split('%')[0]!;
  if (isIP(plain) === 4) return policy.addresses.check(plain, 'ipv4');
  const v4 = embeddedIpv4(plain);
  return (
    (typeof v4 === 'string' && policy.addresses.check(v4, 'ipv4')) || policy.addresses.check(plain, 'ipv6')
  );
}
