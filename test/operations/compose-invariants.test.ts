import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTE_TYPES } from '../../client/search-attributes';

// CI has no Docker engine: these tests read docker-compose.yml, the scripts it mounts and docs/operations.md, and hold
// them to the rules of a deployment that starts and is safe to expose (issue 19).

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | { published?: string | number; host_ip?: string })[];
  volumes?: (string | { source?: string; target?: string })[];
  depends_on?: Record<string, { condition?: string }> | string[];
  stop_grace_period?: string;
  logging?: { driver?: string; options?: Record<string, string> };
  profiles?: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const services = Object.entries(compose.services);
const service = (name: string) => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

/** Services reached from outside on purpose; every other published port is an admin port. */
const PUBLIC_SERVICES = new Set(['api', 'media', 'proxy']);
/** Environment names that hold a secret. */
const SECRET_NAME = /PASSWORD|PWD|SECRET|ACCESS_KEY|API_KEY|TOKEN/;

/** Compose durations as seconds: `90s`, `1m30s`, `31m`, `1h`. */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|ns)/g)];
  expect(parts.map((part) => part[0]).join('')).toBe(duration);
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001, us: 1e-6, ns: 1e-9 } as const;
  return parts.reduce((total, [, value, name]) => total + Number(value) * unit[name as keyof typeof unit], 0);
}

/**
 * Each `temporal operator search-attribute create` command in a text (lines joined at `\` continuations) as its
 * ordered --name and --type values.
 */
function searchAttributeCommands(text: string): { names: string[]; types: string[]; command: string }[] {
  const joined = text.replace(/\\\r?\n\s*/g, ' ');
  return [...joined.matchAll(/temporal operator search-attribute create[^\n;|&]*/g)].map(([command]) => ({
    command,
    names: [...command.matchAll(/--name[= ]+(\S+)/g)].map((match) => match[1]!),
    types: [...command.matchAll(/--type[= ]+(\S+)/g)].map((match) => match[1]!),
  }));
}

/** Checks one --type right after each --name, with the type client/search-attributes.ts declares. */
function expectOneTypePerName(command: { names: string[]; types: string[]; command: string }) {
  expect(command.types.length, command.command).toBe(command.names.length);
  const pairs = [...command.command.matchAll(/--name[= ]+(\S+)\s+--type[= ]+(\S+)/g)];
  expect(pairs.length, `each --name is followed by its --type: ${command.command}`).toBe(
    command.names.length,
  );
  for (const [, name, type] of pairs) {
    expect(SEARCH_ATTRIBUTE_TYPES, `unknown search attribute in: ${command.command}`).toHaveProperty(name!);
    expect(type, `${name} in: ${command.command}`).toBe(
      SEARCH_ATTRIBUTE_TYPES[name as keyof typeof SEARCH_ATTRIBUTE_TYPES],
    );
  }
}

describe('docker-compose.yml', () => {
  it('pins every pulled image to a version (no latest, no missing tag)', () => {
    for (const [name, definition] of services) {
      if (definition.build !== undefined) continue; // built here from the Dockerfile, never pulled
      expect(definition.image, name).toBeTypeOf('string');
      const image = definition.image!;
      const tag = /^[^@]+:([^:/@]+)$/.exec(image)?.[1];
      expect(tag, `${name}: ${image} has no tag`).toBeDefined();
      expect(tag, `${name}: ${image}`).toMatch(/^v?\d+\.\d+(\.\d+)?([-.][0-9A-Za-z.-]+)?$/);
    }
  });

  it('runs Temporal as its server image after a schema job, never auto-setup, and no MinIO', () => {
    expect(composeText).not.toMatch(/auto-setup|minio/i);
    expect(service('temporal').image).toMatch(/^temporalio\/server:/);
    expect(service('temporal').depends_on).toMatchObject({
      'temporal-schema': { condition: 'service_completed_successfully' },
    });
    expect(service('temporal-schema').image).toMatch(/^temporalio\/admin-tools:/);
    const schemaScript = read('deploy/temporal/schema.sh');
    for (const step of ['create', 'setup-schema -v 0.0', 'update-schema -d'])
      expect(schemaScript).toContain(step);
    // Both databases, each with its own schema folder (temporal/, visibility/).
    expect(schemaScript).toMatch(/temporal\}?:temporal"/);
    expect(schemaScript).toMatch(/temporal_visibility\}?:visibility"/);
    expect(schemaScript).toContain('update-schema -d "$SCHEMA_ROOT/$schema/versioned"');
    // Temporal's own database role, neither the superuser nor the app's.
    const temporalUser = service('temporal').environment!.POSTGRES_USER;
    expect(service('temporal-schema').environment!.POSTGRES_USER).toBe(temporalUser);
    expect(temporalUser).not.toBe(service('postgres').environment!.POSTGRES_USER);
    expect(service('s3').image).toMatch(/^versity\/versitygw:/);
  });

  it('registers every search attribute with its own --type, then checks them', () => {
    const script = read('deploy/temporal/namespace.sh');
    const mounted = JSON.stringify(service('temporal-namespace'));
    expect(mounted).toContain('deploy/temporal/namespace.sh');
    const commands = [
      ...searchAttributeCommands(script),
      ...services.flatMap(([, definition]) =>
        searchAttributeCommands([definition.entrypoint, definition.command].flat().join('\n')),
      ),
    ];
    expect(commands.length).toBeGreaterThan(0);
    commands.forEach(expectOneTypePerName);
    const registered = new Set(commands.flatMap((command) => command.names));
    expect([...registered].sort()).toEqual(Object.keys(SEARCH_ATTRIBUTE_TYPES).sort());
    for (const [name, type] of Object.entries(SEARCH_ATTRIBUTE_TYPES))
      expect(script).toContain(`${name}:${type}`);
  });

  it('requires every secret (${VAR:?message}) and gives none a default', () => {
    let secrets = 0;
    for (const [name, definition] of services) {
      for (const [key, value] of Object.entries(definition.environment ?? {})) {
        if (!SECRET_NAME.test(key)) continue;
        secrets += 1;
        expect(String(value), `${name}.${key}`).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
      }
      const url = definition.environment?.DATABASE_URL;
      if (url !== undefined)
        expect(String(url), `${name}.DATABASE_URL`).toMatch(/:\$\{[A-Z0-9_]+:\?[^}]+\}@/);
    }
    expect(secrets).toBeGreaterThanOrEqual(8);
    const defaulted = [...composeText.matchAll(/\$\{([A-Z0-9_]+):?-/g)].map((match) => match[1]!);
    expect(defaulted.filter((name) => SECRET_NAME.test(name))).toEqual([]);
  });

  it('binds admin ports (Temporal gRPC and UI, PostgreSQL, the object store) to 127.0.0.1 only', () => {
    const published: string[] = [];
    for (const [name, definition] of services) {
      if (PUBLIC_SERVICES.has(name)) continue;
      for (const port of definition.ports ?? []) {
        published.push(name);
        if (typeof port === 'string') expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+(\/(tcp|udp))?$/);
        else expect(port.host_ip, name).toBe('127.0.0.1');
      }
    }
    expect(new Set(published)).toEqual(new Set(['postgres', 'temporal', 'temporal-ui', 's3']));
  });

  it('gives the app processes longer to stop than their own shutdown timers', () => {
    // api/server.ts forces an exit after 15 s; the worker's shutdown grace is under 60 s; media lets live calls end.
    expect(seconds(service('api').stop_grace_period!)).toBeGreaterThan(15);
    expect(seconds(service('worker').stop_grace_period!)).toBeGreaterThanOrEqual(60);
    expect(seconds(service('media').stop_grace_period!)).toBeGreaterThanOrEqual(30);
  });

  it('rotates the logs of every service', () => {
    for (const [name, definition] of services) {
      expect(definition.logging?.driver, name).toBe('json-file');
      expect(definition.logging?.options?.['max-size'], name).toMatch(/^\d+[kmg]$/);
      expect(Number(definition.logging?.options?.['max-file']), name).toBeGreaterThan(0);
    }
  });

  it('connects the app as its own role, created by the init script without superuser rights', () => {
    const superuser = service('postgres').environment!.POSTGRES_USER ?? 'postgres';
    for (const name of ['api', 'worker', 'media']) {
      const user = /^postgres(?:ql)?:\/\/([^:@/]+)[:@]/.exec(
        String(service(name).environment!.DATABASE_URL),
      )?.[1];
      expect(user, name).toBeDefined();
      expect(user, name).not.toBe('postgres');
      expect(user, name).not.toBe(superuser);
    }
    expect(JSON.stringify(service('postgres').volumes)).toContain(
      './deploy/postgres-init:/docker-entrypoint-initdb.d',
    );
    const init = read('deploy/postgres-init/10-roles.sh');
    expect(init).toMatch(/ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE/);
    expect(init).toMatch(/CREATE DATABASE %I OWNER %I/);
  });

  it('offers a TLS proxy only under the tls profile, in front of the API, the dashboard and the media streams', () => {
    expect(service('proxy').profiles).toEqual(['tls']);
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/handle \/media\/\* \{\s*reverse_proxy media:8001/);
    expect(caddyfile).toMatch(/reverse_proxy api:8000/);
    expect(caddyfile).toMatch(/reverse_proxy s3:7070/);
  });
});

describe('docs/operations.md', () => {
  it('registers search attributes with one --type per --name', () => {
    const commands = searchAttributeCommands(read('docs/operations.md'));
    expect(commands.length).toBeGreaterThan(0);
    commands.forEach(expectOneTypePerName);
    expect(new Set(commands.flatMap((command) => command.names))).toEqual(
      new Set(Object.keys(SEARCH_ATTRIBUTE_TYPES)),
    );
  });
});
