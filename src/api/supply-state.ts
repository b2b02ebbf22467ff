import { apiCall as call, http } from './http.ts';

/** The player's state for the tax invoice's place of supply, and the location check's as a default. */
export const fetchSupplyState = () => call('supplyState', () => http.get('/account/supply-state'));
export const saveSupplyState = (stateCode: string) =>
  call('supplyState', () => http.put('/account/supply-state', { stateCode }));
