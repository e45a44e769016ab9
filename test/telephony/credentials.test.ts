import { describe, expect, it } from 'vitest';
import {
  createCredentialsCipher,
  CredentialsUnreadableError,
  telephonySecretsContext,
} from '../../config/credentials-cipher';
import { looksMasked, maskSecret } from '../../providers/credential-fields';

describe('credential masking and encryption', () => {
  it('masks all but the last 4 characters, and everything when there are 4 or fewer', () => {
    expect(maskSecret('abcdefgh')).toBe('****efgh');
    expect(maskSecret('abcde')).toBe('*bcde');
    expect(maskSecret('abcd')).toBe('****');
    expect(maskSecret('ab')).toBe('**');
    expect(looksMasked('****efgh')).toBe(true);
    expect(looksMasked('sk_live_abcdef')).toBe(false);
  });

  it('round-trips secrets, with a fresh ciphertext each time, and refuses another organization or key', () => {
    const cipher = createCredentialsCipher('a-root-secret-of-at-least-32-characters!!');
    const secrets = { auth_token: 'token-1234', api_secret: 'é-unicode-✓' };
    const sealed = cipher.encrypt(secrets, telephonySecretsContext(1));
    expect(sealed).not.toContain('token-1234');
    expect(cipher.encrypt(secrets, telephonySecretsContext(1))).not.toBe(sealed);
    expect(cipher.decrypt(sealed, telephonySecretsContext(1))).toEqual(secrets);
    // Each refusal is GCM's authentication failure (the typed error's cause), not a parse or format error on the way.
    const unauthenticated = /unable to authenticate data/;
    const refusal = (decrypt: () => unknown) => {
      try {
        decrypt();
      } catch (error) {
        expect(error).toBeInstanceOf(CredentialsUnreadableError);
        return String((error as Error).cause);
      }
      throw new Error('decrypted');
    };
    expect(refusal(() => cipher.decrypt(sealed, telephonySecretsContext(2)))).toMatch(unauthenticated);
    // Another key: its ciphertexts name a key id this cipher does not hold (key rotation, issue 19).
    const otherKey = createCredentialsCipher('another-root-secret-of-32-characters!!!!');
    expect(() => otherKey.decrypt(sealed, telephonySecretsContext(1))).toThrow(/neither APP_SECRET/);
    const [version, keyId, iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(
      refusal(() => cipher.decrypt([version, keyId, iv, tag, flipped].join('.'), telephonySecretsContext(1))),
    ).toMatch(unauthenticated);
  });
});
