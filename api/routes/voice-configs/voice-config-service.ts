/**
 * Voice configurations: create, update and delete with their rules (unique name, vendors and fields per section,
 * secrets sealed and masked as telephony secrets are, base URLs checked as outbound destinations, no deletion while
 * an active agent names one).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  createCredentialsCipher,
  CredentialsUnreadableError,
  voiceSecretsContext,
} from '../../../config/credentials-cipher';
import { inTransaction, type Db } from '../../../db/client';
import type { VoiceConfiguration } from '../../../db/database';
import { isUniqueViolation } from '../../../db/repositories/telephony-configurations';
import {
  VOICE_CONFIGURATION_NAME_CONSTRAINT,
  activeAgentsNamingVoiceConfiguration,
  deleteVoiceConfiguration,
  findVoiceConfiguration,
  insertVoiceConfiguration,
  updateVoiceConfiguration,
  type VoiceConfigurationValues,
} from '../../../db/repositories/voice-configurations';
import type { DestinationPolicy } from '../../../net/outbound-destinations';
import { maskedCredentials } from '../../../providers/credential-fields';
import {
  DEFAULT_TTS,
  VOICE_SECTIONS,
  VOICE_VENDORS,
  joinSectionSecrets,
  storedVoiceSections,
  voiceVendor,
  type VoiceSection,
  type VoiceVendor,
} from '../../../voice/voice-vendors';
import { splitFallbacks } from '../../../voice/llm-fallbacks';
import { HttpError, conflict, notFound, validationError, type ValidationIssue } from '../../errors';
import {
  checkNewDestinations,
  resolveNewValues,
  resolveUpdatedValues,
  type VendorValues,
} from '../configuration-values';
import { checkFallbackDestinations, presentFallbacks, withFallbacks } from './fallback-values';
import type { CreateVoiceConfigBody, UpdateVoiceConfigBody, VoiceConfig } from './schemas';
import type { RootSecrets } from '../../../config/keys';

type SectionInput = Record<string, unknown> | null | undefined;
type Section = VendorValues<VoiceVendor> | null;
type Sections = Record<VoiceSection, Section>;

const catalogueOf = (section: VoiceSection) => ({
  names: VOICE_VENDORS[section].map((vendor) => vendor.provider),
  find: (name: string) => voiceVendor(section, name),
});

/**
 * A section as sent: null or absent is "none", except tts, which is then the local default. The llm section's
 * `fallbacks` are resolved beside its own fields (fallback-values.ts).
 */
function newSection(section: VoiceSection, sent: SectionInput): Section {
  const given = sent ?? (section === 'tts' ? DEFAULT_TTS : null);
  if (given === null) return null;
  if (section !== 'llm') return resolveNewValues(given, catalogueOf(section), ['body', section]);
  const { fallbacks, ...own } = given;
  return withFallbacks(
    () => resolveNewValues(own, catalogueOf(section), ['body', section]),
    fallbacks,
    undefined,
  );
}

/** An updated section: absent keeps it; the same vendor merges (masks keep secrets); another vendor replaces it. */
function updatedSection(section: VoiceSection, stored: Section, sent: SectionInput): Section {
  if (sent === undefined) return stored;
  if (sent === null || stored === null) return newSection(section, sent);
  if (sent.provider !== undefined && sent.provider !== stored.definition.provider)
    return newSection(section, sent);
  if (section !== 'llm') return resolveUpdatedValues(stored.definition, stored, sent, ['body', section]);
  const { own: storedOwn, fallbacks: storedList } = splitFallbacks(stored);
  const { fallbacks, ...own } = sent;
  return withFallbacks(
    () => resolveUpdatedValues(stored.definition, storedOwn, own, ['body', section]),
    fallbacks,
    storedList,
  );
}

/** Resolves every section, reporting the problems of all of them in one 422. */
function resolveAll(resolve: (section: VoiceSection) => Section): Sections {
  const issues: ValidationIssue[] = [];
  const sections = {} as Sections;
  for (const section of VOICE_SECTIONS) {
    try {
      sections[section] = resolve(section);
    } catch (error) {
      if (!(error instanceof HttpError) || typeof error.detail === 'string') throw error;
      issues.push(...error.detail);
    }
  }
  const dimensions = sections.embeddings?.clear.dimensions;
  if (dimensions !== undefined && !Number.isInteger(dimensions))
    issues.push({
      loc: ['body', 'embeddings', 'dimensions'],
      msg: 'Input should be a valid integer',
      type: 'int_type',
    });
  if (issues.length > 0) throw validationError(issues);
  return sections;
}

export type VoiceConfigService = ReturnType<typeof createVoiceConfigService>;

export function createVoiceConfigService(db: Db, appSecret: RootSecrets, destinations: DestinationPolicy) {
  const cipher = createCredentialsCipher(appSecret);

  /**
   * The stored sections; when this server cannot decrypt the secrets (written under another APP_SECRET), without
   * them: the configuration is still listed and shown, and an update that sends every secret field replaces them.
   */
  const storedSections = (row: VoiceConfiguration) => {
    try {
      return storedVoiceSections(row, appSecret);
    } catch (error) {
      if (!(error instanceof CredentialsUnreadableError)) throw error;
      return storedVoiceSections({ ...row, encrypted_secrets: null }, appSecret);
    }
  };

  /** The columns of resolved sections: clear fields in each section, every secret sealed together. */
  function columnsOf(organizationId: number, sections: Sections) {
    const clear = (section: Section) =>
      section === null ? null : { provider: section.definition.provider, ...section.clear };
    const secrets = joinSectionSecrets({
      stt: sections.stt?.secrets,
      tts: sections.tts?.secrets,
      llm: sections.llm?.secrets,
      embeddings: sections.embeddings?.secrets,
    });
    return {
      stt: clear(sections.stt),
      tts: clear(sections.tts) ?? { ...DEFAULT_TTS },
      llm: clear(sections.llm),
      embeddings: clear(sections.embeddings),
      encrypted_secrets:
        Object.keys(secrets).length === 0
          ? null
          : cipher.encrypt(secrets, voiceSecretsContext(organizationId)),
      secrets,
    };
  }

  /** Base URLs that are new in a section must lead to allowed destinations (checked again on connect). */
  async function checkDestinations(next: Sections, previous?: Sections) {
    for (const section of VOICE_SECTIONS) {
      const now = next[section];
      if (now === null) continue;
      const before = previous?.[section];
      const sameVendor = before?.definition.provider === now.definition.provider;
      await checkNewDestinations(
        now.definition,
        now.clear,
        sameVendor ? before!.clear : {},
        destinations,
        `${section}.`,
      );
      if (section === 'llm')
        await checkFallbackDestinations(now, sameVendor ? before! : undefined, destinations);
    }
  }

  const nameTaken = () =>
    conflict(
      'voice_configuration_name_taken',
      'This organization already has a voice configuration with that name.',
    );

  /** The configuration as clients see it, secrets masked. */
  function present(row: VoiceConfiguration): VoiceConfig {
    const sections = storedSections(row);
    const shown = (section: Section) =>
      section === null ? null : maskedCredentials(section.definition, section.clear, section.secrets);
    const fallbacks = sections.llm ? presentFallbacks(sections.llm) : undefined;
    const llm = shown(sections.llm);
    return {
      id: row.id,
      name: row.name,
      stt: shown(sections.stt),
      tts: shown(sections.tts) ?? { ...DEFAULT_TTS },
      llm: llm && fallbacks ? { ...llm, fallbacks } : llm,
      embeddings: shown(sections.embeddings),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function get(organizationId: number, id: number): Promise<VoiceConfiguration> {
    const row = await findVoiceConfiguration(db, organizationId, id);
    if (!row) throw notFound('voice_configuration');
    return row;
  }

  async function create(organizationId: number, body: CreateVoiceConfigBody) {
    const sections = resolveAll((section) => newSection(section, body[section]));
    await checkDestinations(sections);
    const { secrets: _secrets, ...columns } = columnsOf(organizationId, sections);
    try {
      return await insertVoiceConfiguration(db, organizationId, { name: body.name.trim(), ...columns });
    } catch (error) {
      if (isUniqueViolation(error, VOICE_CONFIGURATION_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /** Applies a partial update; a body that changes nothing leaves the row (and `updated_at`) untouched. */
  async function update(organizationId: number, id: number, body: UpdateVoiceConfigBody) {
    const resolve = (row: VoiceConfiguration | undefined) => {
      if (!row) throw notFound('voice_configuration');
      const stored = storedSections(row);
      return {
        row,
        stored,
        next: resolveAll((section) => updatedSection(section, stored[section], body[section])),
      };
    };
    // Host names are resolved before the transaction: no row lock waits on DNS.
    const current = resolve(await findVoiceConfiguration(db, organizationId, id));
    await checkDestinations(current.next, current.stored);
    try {
      return await inTransaction(db, async (trx) => {
        const { row, stored, next } = resolve(
          await findVoiceConfiguration(trx, organizationId, id, { forUpdate: true }),
        );
        const before = columnsOf(organizationId, stored);
        const after = columnsOf(organizationId, next);
        const changes: Partial<VoiceConfigurationValues> = {};
        const name = body.name?.trim();
        if (name !== undefined && name !== row.name) changes.name = name;
        for (const section of VOICE_SECTIONS)
          if (!isDeepStrictEqual(after[section], before[section]))
            Object.assign(changes, { [section]: after[section] });
        if (!isDeepStrictEqual(after.secrets, before.secrets))
          changes.encrypted_secrets = after.encrypted_secrets;
        if (Object.keys(changes).length === 0) return row;
        return updateVoiceConfiguration(trx, id, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error, VOICE_CONFIGURATION_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /** Deletes a configuration no active agent names; 409 naming the agents otherwise. */
  async function remove(organizationId: number, id: number): Promise<VoiceConfiguration> {
    return inTransaction(db, async (trx) => {
      const row = await findVoiceConfiguration(trx, organizationId, id, { forUpdate: true });
      if (!row) throw notFound('voice_configuration');
      const agents = await activeAgentsNamingVoiceConfiguration(trx, organizationId, id);
      if (agents.length > 0) {
        const named = agents.map((agent) => `${agent.id} (${agent.name})`).join(', ');
        throw conflict('voice_configuration_in_use', `Active agents use this voice configuration: ${named}.`);
      }
      await deleteVoiceConfiguration(trx, id);
      return row;
    });
  }

  return { present, get, create, update, remove };
}
