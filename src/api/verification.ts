import { AxiosError } from 'axios';
import {
  type ContestSeal,
  contestSealSchema,
  type Publication,
  publicationSchema,
  type Receipt,
  receiptSchema,
  type SealedNodes,
  sealedNodesSchema,
} from '../../domain/verification.ts';
import { dataOf, http, InvalidResponseError } from './http.ts';

const parse = <T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  value: unknown,
): T => {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidResponseError();
  return result.data;
};

const isNotFound = (error: unknown) => error instanceof AxiosError && error.response?.status === 404;

/** A public GET parsed with its schema; null when the server answers 404. */
async function getOrNull<T>(
  path: string,
  schema: Parameters<typeof parse<T>>[0],
  signal?: AbortSignal,
): Promise<T | null> {
  try {
    return parse(schema, dataOf<unknown>((await http.get(path, { signal })).data));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const contestPath = (contestId: string) => `/contests/${encodeURIComponent(contestId)}`;

/** A contest's sealed root and answer commitment (public); null for an unknown contest. */
export const fetchSeal = (contestId: string, signal?: AbortSignal): Promise<ContestSeal | null> =>
  getOrNull(`${contestPath(contestId)}/seal`, contestSealSchema, signal);

/** The published result file (public); null until the contest is published. */
export const fetchPublication = (contestId: string, signal?: AbortSignal): Promise<Publication | null> =>
  getOrNull(`${contestPath(contestId)}/publication`, publicationSchema, signal);

/** Nodes of the tree sealed at close (public once published), to name the entries that changed. */
export async function fetchSealedNodes(contestId: string, depth: number, indices: number[]): Promise<SealedNodes> {
  const params = { depth, index: indices.join(',') };
  return parse(
    sealedNodesSchema,
    dataOf<unknown>((await http.get(`${contestPath(contestId)}/seal/nodes`, { params })).data),
  );
}

/** The player's receipt for one confirmed ticket (after the seal). */
export async function fetchReceipt(ticketId: string): Promise<Receipt> {
  return parse(
    receiptSchema,
    dataOf<unknown>((await http.get(`/me/tickets/${encodeURIComponent(ticketId)}/receipt`)).data),
  );
}

/** The published files as plain downloads (same origin, no session needed). */
export const publicationFileUrl = (contestId: string) =>
  `/api/v1/contests/${encodeURIComponent(contestId)}/publication/file`;
export const publicationCsvUrl = (contestId: string) =>
  `/api/v1/contests/${encodeURIComponent(contestId)}/publication/entries.csv`;
