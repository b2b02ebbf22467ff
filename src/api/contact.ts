import type { ContactInput } from '../../domain/validation.ts';
import { dataOf, http } from './http.ts';

export async function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  const res = await http.post('/contact', input);
  return dataOf<{ id: string }>(res.data);
}
