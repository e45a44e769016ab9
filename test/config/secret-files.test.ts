import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const SECRET = 'file-test-secret-0123456789-0123456789';
const folder = mkdtempSync(path.join(tmpdir(), 'secret-files-'));
const fileWith = (name: string, contents: string) => {
  const file = path.join(folder, name);
  writeFileSync(file, contents);
  return file;
};

describe('secret settings can come from files (*_FILE)', () => {
  it('reads each secret from the file its *_FILE names, without the trailing newline', () => {
    const config = loadConfig({
      APP_SECRET_FILE: fileWith('app-secret', `${SECRET}\n`),
      APP_SECRET_PREVIOUS_FILE: fileWith('app-secret-previous', `previous-${SECRET}\r\n`),
      DATABASE_URL_FILE: fileWith('database-url', 'postgres://app:p%40ss@db:5432/app\n'),
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'access-key',
      S3_SECRET_ACCESS_KEY_FILE: fileWith('s3-secret', 's3 secret with spaces\n'),
      LLM_API_KEY_FILE: fileWith('llm-key', 'sk-from-a-file'),
    });
    expect(config.appSecret).toBe(SECRET);
    expect(config.appSecretPrevious).toBe(`previous-${SECRET}`);
    expect(config.databaseUrl).toBe('postgres://app:p%40ss@db:5432/app');
    expect(config.storage).toMatchObject({
      accessKeyId: 'access-key',
      secretAccessKey: 's3 secret with spaces',
    });
    expect(config.llm?.apiKey).toBe('sk-from-a-file');
  });

  it('keeps reading the plain variables when no *_FILE is set', () => {
    const config = loadConfig({
      APP_SECRET: SECRET,
      DATABASE_URL: 'postgres://db/app',
      LLM_API_KEY: 'sk-env',
    });
    expect([config.appSecret, config.appSecretPrevious, config.databaseUrl]).toEqual([
      SECRET,
      null,
      'postgres://db/app',
    ]);
    expect(config.llm?.apiKey).toBe('sk-env');
  });

  it('refuses a secret set both ways, a file that cannot be read and an empty file, naming each', () => {
    expect(() => loadConfig({ APP_SECRET: SECRET, APP_SECRET_FILE: fileWith('both', SECRET) })).toThrow(
      'APP_SECRET and APP_SECRET_FILE are both set; set one of them',
    );
    const missing = path.join(folder, 'missing');
    expect(() => loadConfig({ APP_SECRET: SECRET, DATABASE_URL_FILE: missing })).toThrow(
      `DATABASE_URL_FILE names a file that cannot be read (${missing}: ENOENT`,
    );
    expect(() => loadConfig({ APP_SECRET: SECRET, LLM_API_KEY_FILE: fileWith('empty', '\n') })).toThrow(
      'LLM_API_KEY_FILE names an empty file',
    );
    if (process.getuid?.() !== 0) {
      const unreadable = fileWith('unreadable', SECRET);
      chmodSync(unreadable, 0o000);
      expect(() => loadConfig({ APP_SECRET_FILE: unreadable })).toThrow(
        'APP_SECRET_FILE names a file that cannot be read',
      );
    }
  });

  it('checks APP_SECRET_PREVIOUS like APP_SECRET, and refuses it equal to the new secret', () => {
    expect(() => loadConfig({ APP_SECRET: SECRET, APP_SECRET_PREVIOUS: 'short' })).toThrow(
      'APP_SECRET_PREVIOUS must be at least 32 characters',
    );
    expect(() => loadConfig({ APP_SECRET: SECRET, APP_SECRET_PREVIOUS: SECRET })).toThrow(
      'APP_SECRET_PREVIOUS must differ from APP_SECRET',
    );
    expect(() => loadConfig({ APP_SECRET_FILE: fileWith('short', 'short\n') })).toThrow(
      'APP_SECRET must be at least 32 characters',
    );
  });
});
