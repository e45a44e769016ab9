import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../context';
import agentRuns from './agent-runs';
import runs from './runs';

/** Every resource's routes, one folder each, mounted under /api/v1. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const routes: Array<[string, Parameters<FastifyInstance['register']>[0]]> = [
    // [prefix, plugin] — one line per resource folder.
    ['/organizations/usage/runs', runs],
    ['/workflow', agentRuns],
  ];
  for (const [prefix, plugin] of routes) await app.register(plugin, { prefix: `${API_PREFIX}${prefix}` });
}
