/** Admin > Users and Admin > Paid play calls (server/routes/admin/users.routes.ts, settings.routes.ts). */
import type { PaidPlayState } from '../../domain/admin-settings.ts';
import type { RestrictedStatesState } from '../../domain/location.ts';
import type { UserDetail, UserSummary } from '../../domain/admin-users.ts';
import { dataAs, http } from './http.ts';

export async function searchUsers(q: string): Promise<UserSummary[]> {
  return (await dataAs('users', (await http.get('/admin/users', { params: { q } })).data)).users;
}

const userUrl = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export async function fetchUser(id: string): Promise<UserDetail> {
  return (await dataAs('user', (await http.get(userUrl(id))).data)).user;
}

export async function suspendUser(id: string, reason: string): Promise<UserDetail> {
  return (await dataAs('user', (await http.post(`${userUrl(id)}/suspend`, { reason })).data)).user;
}

/** The same deletion as the player's own "Delete account"; refused for staff and for the operator. */
export async function deleteUser(id: string, reason: string): Promise<UserDetail> {
  return (await dataAs('user', (await http.post(`${userUrl(id)}/delete`, { reason })).data)).user;
}

export async function restoreUser(id: string, reason: string): Promise<UserDetail> {
  return (await dataAs('user', (await http.post(`${userUrl(id)}/restore`, { reason })).data)).user;
}

export async function fetchPaidPlay(): Promise<PaidPlayState> {
  return (await dataAs('paidPlay', (await http.get('/admin/settings/paid-play')).data)).paidPlay;
}

/** `enabled` null hands the switch back to the environment's PAID_PLAY. */
export async function switchPaidPlay(enabled: boolean | null): Promise<PaidPlayState> {
  const answer =
    enabled === null
      ? await http.delete('/admin/settings/paid-play')
      : await http.put('/admin/settings/paid-play', { enabled });
  return (await dataAs('paidPlay', answer.data)).paidPlay;
}

export async function fetchRestrictedStates(): Promise<{ restrictedStates: RestrictedStatesState; changed: boolean }> {
  return await dataAs('restrictedStates', (await http.get('/admin/settings/restricted-states')).data);
}

/** `codes` null hands the list back to the environment's RESTRICTED_STATES. */
export async function saveRestrictedStates(
  codes: string[] | null,
): Promise<{ restrictedStates: RestrictedStatesState; changed: boolean }> {
  const answer =
    codes === null
      ? await http.delete('/admin/settings/restricted-states')
      : await http.put('/admin/settings/restricted-states', { codes });
  return await dataAs('restrictedStates', answer.data);
}
