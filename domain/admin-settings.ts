/** The console's paid-play switch (GET/PUT/DELETE /api/v1/admin/settings/paid-play). */
import { z } from 'zod';

export const paidPlayStateSchema = z.object({
  enabled: z.boolean(),
  /** 'environment': nobody has switched it in the console, PAID_PLAY decides; 'console': an admin set it. */
  source: z.enum(['environment', 'console']),
  environmentDefault: z.boolean(),
  /** When it was last set in the console (epoch ms); null while the environment decides. */
  updatedAt: z.number().nullable(),
});
export type PaidPlayState = z.infer<typeof paidPlayStateSchema>;

export const paidPlayBodySchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
