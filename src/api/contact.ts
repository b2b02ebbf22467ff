import type { ContactInput } from '../../domain/validation.ts';
import { dataAs, http } from './http.ts';

export async function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  const res = await http.post('/contact', input);
  return await dataAs('contactSent', res.data);
}
