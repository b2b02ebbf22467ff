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
