import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { isPublicAddress } from '../../net/address-ranges';
import { destinationEntryProblems } from '../../net/outbound-destinations';

describe('public addresses', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '93.184.215.14',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads ALLOWED_PRIVATE_DESTINATIONS entries and names those it cannot', () => {
    expect(destinationEntryProblems(['*', '10.0.0.0/8', '::1', 'fd00::/8', 'pbx.internal', '[::1]'])).toEqual(
      [],
    );
    expect(destinationEntryProblems(['10.0.0.0/33', 'http://pbx', 'a b'])).toEqual([
      "ALLOWED_PRIVATE_DESTINATIONS: '10.0.0.0/33' is not a CIDR, an address, a host name or *",
      "ALLOWED_PRIVATE_DESTINATIONS: 'http://pbx' is not a CIDR, an address, a host name or *",
      "ALLOWED_PRIVATE_DESTINATIONS: 'a b' is not a CIDR, an address, a host name or *",
    ]);
  });

  it('fails at start on an entry it cannot read', () => {
    const env = {
      NODE_ENV: 'test',
      APP_SECRET: 'x'.repeat(32),
      ALLOWED_PRIVATE_DESTINATIONS: '10.0.0.0/8, 10.0.0.0/33',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/'10\.0\.0\.0\/33' is not a CIDR/);
    expect(
      loadConfig({ ...env, ALLOWED_PRIVATE_DESTINATIONS: '10.0.0.0/8, pbx' }).security
        .allowedPrivateDestinations,
    ).toEqual(['10.0.0.0/8', 'pbx']);
  });
});
