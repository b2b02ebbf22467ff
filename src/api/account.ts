import type { ChangePasswordInput } from '../../domain/validation.ts';
import type { AccountUser, Answer } from './auth.ts';
import { dataOf, http } from './http.ts';

export async function fetchMe(): Promise<AccountUser> {
  return dataOf<{ user: AccountUser }>((await http.get('/account/me')).data).user;
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

export async function changePassword(input: ChangePasswordInput): Promise<Answer<Record<string, never>>> {
  const body: unknown = (await http.post('/account/password', input)).data;
  return { data: dataOf(body), message: messageOf(body) };
}

export async function deactivateAccount(): Promise<string> {
  return messageOf((await http.post('/account/deactivate')).data);
}

export async function deleteAccount(): Promise<string> {
  return messageOf((await http.post('/account/delete')).data);
}
