import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { dashboardContentSecurityPolicy } from './content-security-policy';

export const DASHBOARD_PREFIX = '/app';

/**
 * Serves the dashboard at /app/: its built files, and the page itself for every other /app/* path (the router in
 * the page decides what to draw; unknown /api/* paths stay JSON 404). Every answer carries the page's CSP and
 * refuses framing; hashed assets are cached for good, the page never.
 */
export async function registerDashboard(app: FastifyInstance): Promise<void> {
  const { distDir } = app.ctx.config.dashboard;
  const policy = dashboardContentSecurityPolicy(app.ctx.config);
  await app.register(fastifyStatic, { root: distDir, serve: false });

  const securityHeaders = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', policy)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin');

  const sendPage = async (reply: FastifyReply) => {
    securityHeaders(reply);
    if (!(await isFile(path.join(distDir, 'index.html')))) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built: run `npm run dashboard:build` (the start command does it for you).\n');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };

  const routeOptions = { schema: { hide: true }, config: { public: true }, logLevel: 'warn' as const };
  // The router ignores trailing slashes: this route answers both /app and /app/.
  app.get(DASHBOARD_PREFIX, routeOptions, (_request, reply) => sendPage(reply));
  app.get(`${DASHBOARD_PREFIX}/*`, routeOptions, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const file = builtFile(distDir, relative);
    if (file && file !== 'index.html' && (await isFile(path.join(distDir, file)))) {
      securityHeaders(reply);
      const immutable = file.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file, { cacheControl: false });
    }
    return sendPage(reply);
  });
}

/** The path below dist a request names, or null when it could step outside it or is not a plain file name. */
function builtFile(distDir: string, relative: string): string | null {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return null;
  const resolved = path.resolve(distDir, relative);
  if (!resolved.startsWith(distDir + path.sep)) return null;
  return path.relative(distDir, resolved);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
