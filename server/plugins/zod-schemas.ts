import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodType } from 'zod';
import { z } from 'zod';

/**
 * Routes declare zod schemas (the same ones the web forms use, from domain/) for their
 * requests and responses; these compilers make Fastify validate and serialize with them.
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error as unknown as Error };
    };
  });
  app.setSerializerCompiler(({ schema }) => {
    const zodSchema = schema as ZodType;
    return (data: unknown) => JSON.stringify(zodSchema.parse(data));
  });
}

/** Wraps a payload schema into the success envelope { data, message? }. */
export const envelope = <T extends ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export type RouteSchema = FastifySchema;

/** Bytes (a Buffer, a stream or text) that Fastify sends as they are: documented as binary. */
const fileBody = z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary' });

/**
 * An answer that is a file (a picture, a PDF, a CSV, a script), described for the OpenAPI
 * document: Fastify sends such bodies as they are, so the schema only documents them.
 */
export const fileAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBody }])),
});

/** An answer without a body (a redirect, 304 Not Modified), described for the OpenAPI document. */
export const emptyAnswer = (description: string) => z.null().describe(description);

/** A served picture: the JPEG, or 304 when the browser's copy (its ETag) is current. */
export const pictureAnswers = {
  200: fileAnswer('The picture (JPEG)', 'image/jpeg'),
  304: emptyAnswer('Not Modified: the copy named by If-None-Match is current'),
};
