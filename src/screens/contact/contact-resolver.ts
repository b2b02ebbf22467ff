import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { type ContactValues, contactSchema } from '../../../domain/validation.ts';

/** The contact form's checks (zod and its resolver), loaded when the form is first used (ContactPage). */
export const contactResolver: Resolver<ContactValues> = zodResolver(contactSchema);
