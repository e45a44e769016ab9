import { isIP } from 'node:net';
import type { EnvReader } from './env-reader';

/** TRUST_PROXY as Fastify's `trustProxy` reads it: false (default), true, a hop count, or addresses/CIDRs. */
export function readTrustProxy(read: EnvReader, problems: string[]): boolean | number | string[] {
  const raw = read.opt('TRUST_PROXY');
  if (raw === null || /^(0|false|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^[1-9][0-9]?$/.test(raw)) return Number(raw);
  const entries = read.list('TRUST_PROXY');
  for (const entry of entries.filter((item) => !isProxyEntry(item)))
    problems.push(
      `TRUST_PROXY: '${entry}' is not true, false, a hop count, an address, a CIDR or loopback|linklocal|uniquelocal`,
    );
  return entries;
}

/** An entry Fastify's proxy trust (proxy-addr) reads: an address, a CIDR, or one of its named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefixText] = entry.split('/') as [string, string | undefined];
  const family = isIP(address);
  if (family === 0) return false;
  if (prefixText === undefined) return true;
  const prefix = Number(prefixText);
  return /^[0-9]{1,3}$/.test(prefixText) && prefix <= (family === 4 ? 32 : 128);
}
