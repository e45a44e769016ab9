/**
 * Voice configurations of the caller's organization: the speech-to-text, text-to-speech and LLM vendors agents name,
 * and the embeddings endpoint the knowledge base searches with.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listVoiceConfigurations } from '../../../db/repositories/voice-configurations';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { VOICE_VENDORS, type VoiceSection } from '../../../voice/voice-vendors';
import { callerOf } from '../../plugins/authenticate';
import {
  CreateVoiceConfigBody,
  UpdateVoiceConfigBody,
  VoiceConfig,
  VoiceConfigList,
  VoiceConfigParams,
  VoiceVendorsMetadata,
} from './schemas';
import { createVoiceConfigService } from './voice-config-service';

const tags = ['Voice configurations'];
const ErrorBody = Type.Object({ detail: Type.Unknown(), message: Type.Optional(Type.String()) });

/** The vendors of one section and their fields, as the metadata endpoint shows them. */
const vendorsOf = (section: VoiceSection) =>
  VOICE_VENDORS[section].map(({ provider, display_name, description, fields }) => ({
    provider,
    display_name,
    description,
    fields: fields.map(({ check: _check, choices, schemes, ...field }) => ({
      ...field,
      ...(choices ? { choices: [...choices] } : {}),
      ...(schemes ? { schemes: [...schemes] } : {}),
    })),
  }));
const metadata = {
  stt: vendorsOf('stt'),
  tts: vendorsOf('tts'),
  llm: vendorsOf('llm'),
  embeddings: vendorsOf('embeddings'),
};

const voiceConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  const configurations = createVoiceConfigService(db, config, destinations);

  app.get(
    '/metadata',
    {
      schema: {
        tags,
        summary: 'List the voice vendors of each section and their fields',
        response: { 200: VoiceVendorsMetadata },
      },
    },
    async () => metadata,
  );

  app.get(
    '/',
    { schema: { tags, summary: 'List voice configurations', response: { 200: VoiceConfigList } } },
    async (request) => {
      const rows = await listVoiceConfigurations(db, callerOf(request).organizationId);
      return { configurations: rows.map(configurations.present) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a voice configuration',
        description:
          'Name unique within the organization (409 voice_configuration_name_taken). Sections `stt`, `tts`, `llm`, ' +
          '`embeddings` are each `{provider, …fields}`; absent: no speech-to-text, the local voice, the ' +
          'operator’s LLM, knowledge-base search by text alone.',
        body: CreateVoiceConfigBody,
        response: { 201: VoiceConfig, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const row = await configurations.create(callerOf(request).organizationId, request.body);
      return reply.status(201).send(configurations.present(row));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Get a voice configuration',
        params: VoiceConfigParams,
        response: { 200: VoiceConfig, 404: ErrorBody },
      },
    },
    async (request) =>
      configurations.present(await configurations.get(callerOf(request).organizationId, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a voice configuration',
        description:
          'Partial: only the sent sections change. A section with the stored vendor (or no `provider`) is merged: ' +
          'sent fields replace stored ones, `null` removes an optional field, the stored mask keeps a secret. ' +
          'Another vendor replaces the section; a section sent as `null` is removed (tts: back to the local voice).',
        params: VoiceConfigParams,
        body: UpdateVoiceConfigBody,
        response: { 200: VoiceConfig, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await configurations.update(
        callerOf(request).organizationId,
        request.params.id,
        request.body,
      );
      return configurations.present(row);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a voice configuration',
        description:
          '409 voice_configuration_in_use, naming the agents, while an active agent names it. Answers the deleted ' +
          'configuration.',
        params: VoiceConfigParams,
        response: { 200: VoiceConfig, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await configurations.remove(callerOf(request).organizationId, request.params.id);
      return configurations.present(row);
    },
  );
};

export default voiceConfigRoutes;
