import { AxiosError } from 'axios';
import { type ContestSeal, contestSealSchema, type Publication, publicationSchema, type Receipt, receiptSchema } from '../../domain/verification.ts';
import { dataOf, http, InvalidResponseError } from './http.ts';

const parse = <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, value: unknown): T => {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidResponseError();
  return result.data;
};

const isNotFound = (error: unknown) => error instanceof AxiosError && error.response?.status === 404;

/** A contest's sealed root and answer commitment (public); null for an unknown contest. */
export async function fetchSeal(contestId: string, signal?: AbortSignal): Promise<ContestSeal | null> {
  try {
    return parse(contestSealSchema, dataOf<unknown>((await http.get(`/contests/${encodeURIComponent(contestId)}/seal`, { signal })).data));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The published result file (public); null until the contest is published. */
export async function fetchPublication(contestId: string, signal?: AbortSignal): Promise<Publication | null> {
  try {
    return parse(publicationSchema, dataOf<unknown>((await http.get(`/contests/${encodeURIComponent(contestId)}/publication`, { signal })).data));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The player's receipt for one confirmed ticket (after the seal). */
export async function fetchReceipt(ticketId: string): Promise<Receipt> {
  return parse(receiptSchema, dataOf<unknown>((await http.get(`/me/tickets/${encodeURIComponent(ticketId)}/receipt`)).data));
}

/** The published files as plain downloads (same origin, no session needed). */
export const publicationFileUrl = (contestId: string) => `/api/v1/contests/${encodeURIComponent(contestId)}/publication/file`;
export const publicationCsvUrl = (contestId: string) => `/api/v1/contests/${encodeURIComponent(contestId)}/publication/entries.csv`;
