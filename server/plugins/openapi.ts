import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERROR_CODES } from '../../domain/api-errors.ts';
import { BRAND } from '../../domain/brand.ts';
import { SESSION_COOKIE } from './session.ts';

/** Where the API lives; the document describes every route under it and nothing else. */
export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
/** Swagger UI, outside production only (it is a page for developers, not for players). */
export const API_DOCS_PATH = '/api-docs';

/** A route as Fastify registered it: for the document's completeness test. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/v1 as registered (HEAD left out), with its schema. */
    apiRoutes: RegisteredRoute[];
  }
}

const ERROR_ANSWERS: Record<string, string> = {
  '4XX': 'Refused: the code says why (a rule, a validation, a login, a limit)',
  '5XX': 'Failed on our side: the message holds a reference id that the request log matches',
};

/** The body of every error answer (domain/api-error-details.ts), one component of the document. */
export const apiErrorSchema = z
  .object({
    message: z.string().describe("English; the web says it in the reader's language by its code"),
    code: z.enum(API_ERROR_CODES as [string, ...string[]]),
    fields: z.record(z.string(), z.string()).optional().describe('A message per form field'),
    details: z.unknown().optional().describe('The numbers some codes carry (retryAfterSeconds, available, ...)'),
  })
  // In zod's global registry, where the transforms read ids and descriptions: one component, referenced.
  .meta({ id: 'ApiError', description: 'An error: the code names it, the message says it in English' });
const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * The OpenAPI 3.1 document of the API (issue 28), made from the zod schemas the routes declare
 * for validation (fastify-type-provider-zod's transform): served at GET /api/v1/openapi.json;
 * Swagger UI at /api-docs outside production. Call before any route is registered (it sees
 * routes through onRoute). Routes outside /api/v1 (the site, health, the sandbox page) are left
 * out of the document.
 */
export async function openApi(app: FastifyInstance): Promise<void> {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    for (const method of methods)
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, schema: route.schema });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${BRAND.name} API`,
        version: '1',
        description:
          'Success: { data, message? }. Error: { message, code, fields?, details? }, the code from domain/api-errors.ts. ' +
          'Calls that change something need the header X-Requested-With: XMLHttpRequest and the session cookie where they need a login.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set at login',
          },
        },
      },
    },
    hideUntagged: false,
    // Each operation also names the error answer (4XX, 5XX) and is tagged by its first segment.
    transform: (document) => {
      const { schema, url } = document;
      if (!url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url };
      const tag = url.slice(API_PREFIX.length + 1).split('/')[0]!;
      const transformed = zodTransform({
        ...document,
        schema: {
          tags: [tag],
          ...schema,
          response: { ...(schema?.response as object), '4XX': apiErrorSchema, '5XX': apiErrorSchema },
        },
      });
      // Answers without a description of their own are named by their status ('OK', not 'Default Response').
      const responses = (transformed.schema as { response?: Record<string, { description?: string }> }).response;
      for (const [status, answer] of Object.entries(responses ?? {}))
        answer.description ??= ERROR_ANSWERS[status] ?? STATUS_CODES[status] ?? status;
      return transformed;
    },
    // The error body is an answer only: its request-side twin would be an unused component.
    transformObject: (document) => {
      const object = zodTransformObject(document);
      const schemas = 'components' in object ? (object.components?.schemas as Record<string, unknown>) : undefined;
      if (schemas) delete schemas.ApiErrorInput;
      return object;
    },
  });
  // The document itself, described like every other route (loosely: it is the document).
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['api'],
        response: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) },
      },
    },
    async () => app.swagger(),
  );
  if (!app.config.isProduction)
    await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { deepLinking: false }, staticCSP: false });
}
