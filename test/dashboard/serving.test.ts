import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';

describe('the dashboard at /app/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the page for /app/ and every unknown /app/* path, with its CSP and no framing', async () => {
    for (const url of ['/app/', '/app/campaigns', '/app/runs/123?x=1', '/app/no/such/page', '/app/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      // The CSV upload PUTs to the S3 server's presigned URL, another origin.
      expect(policy).toContain(new URL(t.ctx.config.storage.kind === 's3' ? t.ctx.config.storage.endpoint! : 'http://x').origin);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the page at /app too (the router in the page takes /app as its root)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves the hashed assets the page names, cached for good', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/' });
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const response = await t.app.inject({ method: 'GET', url: script! });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never serves a file outside the build, whatever the path', async () => {
    for (const url of [
      '/app/../package.json',
      '/app/%2e%2e/package.json',
      '/app/..%2f..%2fpackage.json',
      '/app/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/app/%00',
      '/app/a%00b',
      '/app/..\\..\\package.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"name": "voice-agent-calling"');
    }
  });

  it('keeps unknown /api/* paths JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});
