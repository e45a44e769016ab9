import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = { APP_SECRET: 'config-test-secret-0123456789-0123456789' };

describe('security settings', () => {
  it('trust forwarded addresses only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig(base).security.trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).security.trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).security.trustProxy).toBe(2);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,loopback' }).security.trustProxy,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', '::1', 'loopback']);
  });

  it('stop the process at start on a TRUST_PROXY entry the proxy check cannot read', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/x', '::1/129']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: `10.0.0.1,${bad}` })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(`TRUST_PROXY: '${bad}'`);
    }
  });

  it('turn the simulator provider off by default in production only', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).simulator.enabled).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).simulator.enabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).simulator.enabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SIMULATOR_ENABLED: 'true' }).simulator.enabled).toBe(true);
  });

  it('close signup by default in production only', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).security.signupEnabled).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).security.signupEnabled).toBe(true);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', SIGNUP_ENABLED: 'true' }).security.signupEnabled,
    ).toBe(true);
  });

  it('allow no private destination unless listed, and refuse an entry that is none', () => {
    expect(loadConfig(base).security.allowedPrivateDestinations).toEqual([]);
    expect(
      loadConfig({ ...base, ALLOWED_PRIVATE_DESTINATIONS: '10.1.2.3/32, pbx.internal' }).security
        .allowedPrivateDestinations,
    ).toEqual(['10.1.2.3/32', 'pbx.internal']);
    expect(() => loadConfig({ ...base, ALLOWED_PRIVATE_DESTINATIONS: '10.0.0.0/40' })).toThrow(
      'ALLOWED_PRIVATE_DESTINATIONS',
    );
  });
});
