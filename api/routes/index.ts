import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PREFIX } from '../context';
import agentRuns from './agent-runs';
import agents from './agents';
import agentTemplates from './agent-templates';
import textchat from './textchat';
import publicDownloads from './public-downloads';
import runs from './runs';
import apiKeys from './api-keys';
import auth from './auth';
import campaigns from './campaigns';
import campaignOperations from './campaign-operations';
import campaignForecast from './campaign-forecast';
import campaignRuns from './campaign-runs';
import health from './health';
import storageObjects from './storage-objects';
import telephonyConfigs from './telephony-configs';
import telephonyProviders from './telephony-providers';
import uploads from './uploads';
import voiceConfigs from './voice-configs';
import capabilities from './capabilities';
import campaignRejects from './campaign-rejects';
import telephonyStatus from './telephony-status';
import telephonyInbound from './telephony-inbound';
import telephonyCalls from './telephony-calls';
import simulator from './simulator';
import nodeTypes from './node-types';
import {
  campaignDeletion,
  contactDataDeletion,
  organizationDeletion,
  retention,
  runDeletion,
  userDeletion,
} from './data-lifecycle';
import probes from './probes';
import webhookEndpoints from './webhooks/endpoints';
import webhookDeliveries from './webhook-deliveries';
import callingRules from './calling-rules';
import doNotCall from './do-not-call';
import webhookCredentials from './webhook-credentials';
import tools from './tools';
import workflowRecordings from './workflow-recordings';
import knowledgeBase from './knowledge-base';

/** A resource's routes: a TypeBox-typed Fastify plugin. */
type RoutePlugin = FastifyPluginAsyncTypebox;

/** Every resource's routes, one folder each, mounted under /api/v1. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const routes: Array<[string, RoutePlugin]> = [
    // [prefix, plugin] — one line per resource folder.
    ['/organizations/usage/runs', runs],
    ['/workflow', agents],
    ['/workflow', agentRuns],
    ['/workflow', agentTemplates],
    ['/workflow', textchat],
    ['/public/download/workflow', publicDownloads],
    ['/auth', auth],
    ['/campaign', campaigns],
    ['/campaign', campaignOperations],
    ['/campaign', campaignForecast],
    ['/campaign', campaignRejects],
    ['/campaign', campaignRuns],
    ['/user/api-keys', apiKeys],
    ['/health', health],
    ['', probes],
    ['/s3', uploads],
    ['/storage/objects', storageObjects],
    ['/organizations/telephony-configs', telephonyConfigs],
    ['/organizations/telephony-providers', telephonyProviders],
    ['/organizations/voice-configs', voiceConfigs],
    ['/organizations/capabilities', capabilities],
    ['/organizations/webhooks', webhookEndpoints],
    ['/organizations/webhooks', webhookDeliveries],
    ['/telephony/status', telephonyStatus],
    ['/telephony', telephonyInbound],
    ['/telephony', telephonyCalls],
    ['/simulator', simulator],
    ['/node-types', nodeTypes],
    ['/campaign', campaignDeletion],
    ['/workflow', runDeletion],
    ['/organizations/data-deletion', contactDataDeletion],
    ['/organizations/retention', retention],
    ['/organizations/calling-rules', callingRules],
    ['/organizations/do-not-call', doNotCall],
    ['/credentials', webhookCredentials],
    ['/tools', tools],
    ['/workflow-recordings', workflowRecordings],
    ['/knowledge-base', knowledgeBase],
    ['/organizations', organizationDeletion],
    ['/user', userDeletion],
  ];
  // Paths the spec also names without /api/v1: served as well, left out of the OpenAPI document.
  const unprefixedAliases: Array<[string, RoutePlugin]> = [['/user/api-keys', apiKeys]];
  for (const [prefix, plugin] of routes) await app.register(plugin, { prefix: `${API_PREFIX}${prefix}` });
  for (const [prefix, plugin] of unprefixedAliases) await app.register(hiddenFromDocs(plugin), { prefix });
}

/** Registers a plugin whose routes stay out of the OpenAPI document (aliases of documented routes). */
function hiddenFromDocs(plugin: RoutePlugin) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      // A new object: the schema is shared with the documented registration of the same plugin.
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(plugin);
  };
}
