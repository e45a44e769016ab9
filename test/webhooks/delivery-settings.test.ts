import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const SECRET = 'a-root-secret-of-at-least-32-characters!!';
const load = (env: Record<string, string> = {}) => loadConfig({ APP_SECRET: SECRET, ...env });

describe('webhook delivery settings', () => {
  it('default to 24 h of retries from 5 s up to 1 h apart, disabling after 3 days, 10 s per request', () => {
    expect(load().webhooks).toEqual({
      retryWindowSeconds: 86_400,
      backoffInitialSeconds: 5,
      backoffMaxSeconds: 3600,
      disableAfterSeconds: 259_200,
      timeoutSeconds: 10,
    });
  });

  it('take whole seconds from the environment (tests run them in seconds)', () => {
    const env = {
      WEBHOOK_RETRY_WINDOW_SECONDS: '30',
      WEBHOOK_BACKOFF_INITIAL_SECONDS: '1',
      WEBHOOK_BACKOFF_MAX_SECONDS: '2',
      WEBHOOK_DISABLE_AFTER_SECONDS: '3',
      WEBHOOK_TIMEOUT_SECONDS: '1',
    };
    expect(load(env).webhooks).toEqual({
      retryWindowSeconds: 30,
      backoffInitialSeconds: 1,
      backoffMaxSeconds: 2,
      disableAfterSeconds: 3,
      timeoutSeconds: 1,
    });
  });

  it('stop the process at start with a message naming each bad one', () => {
    const bad = {
      WEBHOOK_RETRY_WINDOW_SECONDS: '0',
      WEBHOOK_BACKOFF_INITIAL_SECONDS: '1.5',
      WEBHOOK_DISABLE_AFTER_SECONDS: 'three days',
      WEBHOOK_TIMEOUT_SECONDS: '99999999999999999999',
    };
    const error = (() => {
      try {
        load(bad);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('loadConfig accepted bad webhook settings');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of Object.keys(bad)) expect(error.message).toContain(name);
    expect(() => load({ WEBHOOK_BACKOFF_INITIAL_SECONDS: '60', WEBHOOK_BACKOFF_MAX_SECONDS: '30' })).toThrow(
      /WEBHOOK_BACKOFF_MAX_SECONDS \(30\) must not be below WEBHOOK_BACKOFF_INITIAL_SECONDS \(60\)/,
    );
  });
});
