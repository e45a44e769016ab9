import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

/**
 * Schema validation of requests. Path, query and headers arrive as strings and are coerced to the schema's types
 * (`?page=2`, `?scopes=read`); JSON bodies are taken as sent, so `"name": ["a"]` or `"max_concurrency": true` is a
 * 422 instead of being stored as `"a"` and `1`.
 */

const AJV_OPTIONS = { allErrors: true, removeAdditional: true, useDefaults: true } as const;

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type BuildFromPool = (
  externalSchemas: Record<string, unknown>,
  options: { customOptions: Record<string, unknown> },
) => FastifySchemaCompiler<unknown>;

/** Fastify's ajv compiler, one instance coercing (path, query, headers), one not (body). */
function buildValidator(externalSchemas: Record<string, unknown>, serverOptions?: Record<string, unknown>) {
  const fromPool = AjvCompiler() as unknown as BuildFromPool;
  const coercing = fromPool(externalSchemas, {
    ...serverOptions,
    customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' },
  });
  const literal = fromPool(externalSchemas, {
    ...serverOptions,
    customOptions: { ...AJV_OPTIONS, coerceTypes: false },
  });
  return (route: RouteSchema) =>
    route.httpPart === 'body' ? literal(route) : finiteAfterCoercion(coercing(route));
}

type Validate = ReturnType<FastifySchemaCompiler<unknown>> & { errors?: unknown; schemaEnv?: unknown };

/**
 * Ajv coerces `"Infinity"` and `"1e400"` to Infinity and then lets it pass `integer` and `maximum`; a coerced part
 * (flat: path and query values, or arrays of them) is refused when it holds a non-finite number.
 */
function finiteAfterCoercion(validate: Validate): Validate {
  const wrapped: Validate = Object.assign(
    (...args: unknown[]) => {
      const data = args[0];
      const result = (validate as (...a: unknown[]) => unknown)(...args);
      wrapped.errors = validate.errors;
      if (result !== true || typeof data !== 'object' || data === null) return result;
      for (const [name, value] of Object.entries(data)) {
        const values: unknown[] = Array.isArray(value) ? value : [value];
        if (values.some((item) => typeof item === 'number' && !Number.isFinite(item))) {
          wrapped.errors = [
            {
              instancePath: `/${name}`,
              schemaPath: '#/finite',
              keyword: 'finite_number',
              params: {},
              message: 'must be a finite number',
            },
          ];
          return false;
        }
      }
      return result;
    },
    // Fastify hands ajv functions the request as parent data when `schemaEnv` is set, so that coercion can write back.
    { schemaEnv: validate.schemaEnv },
  ) as Validate;
  return wrapped;
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type ValidatorFactory = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>;

/** The `schemaController` option of the app's Fastify instance. */
export const schemaController: SchemaController = {
  // Fastify types the factory as ajv-compiler's pool builder; it calls it as its docs show, as this one is written.
  compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory },
};
