import fc from 'fast-check';

/** A JSON schema as the apps' OpenAPI documents hold it (only what the generators read). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: Schema | boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema | string;
}

export interface Operation {
  app: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** Media type of the body the route declares. */
  bodyType?: string;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** Probes every app serves, not business routes. */
const OPERATIONS_PATHS = new Set(['/health', '/ready']);

/** Every operation of an app's OpenAPI document (served by @fastify/swagger-ui at /docs/json). */
export async function loadOperations(app: string, baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/docs/json`);
  if (!response.ok) throw new Error(`${app}: GET /docs/json answered ${response.status}`);
  const document = (await response.json()) as Document;
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split('/').pop() as string;
    return document.components?.schemas?.[name];
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (OPERATIONS_PATHS.has(path)) continue;
    for (const [method, spec] of Object.entries(methods)) {
      if (method === 'options' || method === 'head') continue;
      const content = spec.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      operations.push({
        app,
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: bodyType ? resolve(content[bodyType]?.schema) : undefined,
        bodyType,
      });
    }
  }
  return operations;
}

export const pathParameters = (operation: Operation): string[] =>
  [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

/** Fills `{name}` placeholders (a wildcard `{*}` too) with encoded values. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** One plausible value of a schema: required properties only, the first enum value, the minimum. */
export function sampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length)
    return sampleOf(choice.find((option) => typeOf(option) !== 'null') ?? choice[0], depth + 1);
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties?.[name], depth + 1);
      return value;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email') return 'intruder@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'http://127.0.0.1:9/x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

/** Arbitrary values that follow a schema's shape, with the whole range of each type. */
export function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return fc.oneof(...choice.map((option) => arbitraryOf(option, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          arbitraryOf(property, depth + 1),
        ]),
      );
      return Object.keys(properties).length
        ? fc.record(properties, {
            requiredKeys: (schema.required ?? []).filter((name) => name in properties),
          })
        : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 4 });
    case 'integer':
      return fc.oneof(fc.integer(), fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }));
    case 'number':
      return fc.double();
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.constant(sampleOf(schema) as string));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
