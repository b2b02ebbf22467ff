import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DOCS_PATH, OPENAPI_PATH, type RegisteredRoute } from '../../server/plugins/openapi.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** '/api/v1/contests/:id/seal' -> '/api/v1/contests/{id}/seal' */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/** The property names a zod schema declares for its input (what a client sends), if it is an object. */
function declaredKeys(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
  return Object.keys(json.properties ?? {});
}

/** Every route's operation, and what is missing from it: empty when the document is complete. */
function gaps(document: Document, route: RegisteredRoute): string[] {
  const where = `${route.method} ${route.url}`;
  const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  if (!operation) return [`${where}: not in the document`];
  const problems: string[] = [];
  const parameters = operation.parameters ?? [];
  for (const name of pathParams(route.url))
    if (!parameters.some((p) => p.in === 'path' && p.name === name && p.required))
      problems.push(`${where}: path parameter ${name} missing`);
  for (const name of declaredKeys(route.schema?.querystring))
    if (!parameters.some((p) => p.in === 'query' && p.name === name))
      problems.push(`${where}: query parameter ${name} missing`);
  if (route.schema?.body) {
    const body = operation.requestBody?.content['application/json']?.schema;
    if (!body) problems.push(`${where}: request body missing`);
    else
      for (const name of declaredKeys(route.schema.body))
        if (!body.properties || !(name in body.properties)) problems.push(`${where}: body field ${name} missing`);
  }
  const declared = Object.keys((route.schema?.response as object | undefined) ?? {});
  if (!declared.some((status) => /^[23]/.test(status))) problems.push(`${where}: declares no answer (schema.response)`);
  for (const status of declared) {
    const answer = operation.responses[status.toUpperCase()];
    if (!answer) problems.push(`${where}: answer ${status} missing`);
    // A redirect or 304 has no body; every other answer says what it holds.
    else if (!/^30[1-8]$/.test(status) && !answer.content) problems.push(`${where}: answer ${status} has no content`);
  }
  for (const status of ['4XX', '5XX'])
    if (!JSON.stringify(operation.responses[status] ?? {}).includes('#/components/schemas/ApiError'))
      problems.push(`${where}: error answer ${status} missing`);
  return problems;
}

describeOnEachDatabase('GET /api/v1/openapi.json', (server) => {
  const fetchDocument = async () => {
    const res = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json<Document>();
  };

  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const refs = new Set(
      [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!),
    );
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) expect(document.components?.schemas, ref).toHaveProperty(ref);
  });

  it('lists every registered route under /api/v1 with its parameters, body and answers', async () => {
    const document = await fetchDocument();
    const routes = server.app.apiRoutes;
    // The whole API, not a sample: it had 124 operations when this test was written.
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.flatMap((route) => gaps(document, route))).toEqual([]);
  });

  it('holds nothing but those routes: no page, health check or sandbox page of the site', async () => {
    const document = await fetchDocument();
    const registered = new Set(server.app.apiRoutes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((key) => key !== 'parameters')
        .map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
    expect(documented.length).toBe(registered.size);
  });

  it('describes a JSON answer field by field, and a file by its media type', async () => {
    const document = await fetchDocument();
    const login = document.paths['/api/v1/auth/login']!.post!;
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties!)).toEqual([
      'identifier',
      'password',
    ]);
    expect(JSON.stringify(login.responses['200']!.content!['application/json']!.schema)).toContain('"firstName"');
    const invoice = document.paths['/api/v1/payments/{id}/invoice']!.get!;
    expect(Object.keys(invoice.responses['200']!.content!)).toEqual(['application/pdf']);
  });

  it('offers Swagger UI outside production', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('the API document in production', () => {
  const server = startServer('sqlite', { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cricspot.example' } });

  it('is served, and Swagger UI is not', async () => {
    const document = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(document.statusCode).toBe(200);
    expect(document.json<Document>().openapi).toBe('3.1.0');
    for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/`, `${API_DOCS_PATH}/json`])
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
