/** The console's contact inbox (/api/v1/admin/messages): what visitors sent through /contact_us. */
import { z } from 'zod';

export const messageListQuerySchema = z.object({
  status: z.enum(['open', 'answered', '']).default(''),
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const contactMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The site language the visitor wrote from. */
  language: z.string(),
  status: z.enum(['open', 'answered']),
  createdAt: z.number(),
  answeredAt: z.number().nullable(),
  answeredBy: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const messagePageSchema = z.object({
  messages: z.array(contactMessageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;
