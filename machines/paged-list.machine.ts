import { assign, fromPromise, setup } from 'xstate';

/** Filters are plain strings: what an operator typed or picked; empty values are left out by the screen. */
export type ListFilters = Record<string, string>;

export interface ListPage<T = unknown> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

export interface LoadPageInput {
  filters: ListFilters;
  cursor: string | null;
}

export interface PagedListContext {
  filters: ListFilters;
  items: unknown[];
  nextCursor: string | null;
  /** The last failure's message (first page or a further one), for the screen to show. */
  error: string | null;
}

export type PagedListEvent =
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.filter'; filters: ListFilters };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

/**
 * Any list of the console (audit log, contests, users, messages, ...): the first page, filters,
 * "load more", a failure with retry, and refresh after an action changed a row.
 *
 * loading --done--> ready --list.more--> loadingMore --done--> ready (items appended)
 *    \--error--> failed --list.retry--> loading          \--error--> ready (error kept, items kept)
 * list.filter (from any state but loading) starts over with the new filters; list.refresh keeps them.
 */
export const pagedListMachine = setup({
  types: {
    input: {} as { filters?: ListFilters },
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
  },
  actors: {
    loadPage: fromPromise<ListPage, LoadPageInput>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  actions: {
    setFilters: assign({ filters: ({ event }) => (event.type === 'list.filter' ? event.filters : {}) }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ filters: input.filters ?? {}, items: [], nextCursor: null, error: null }),
  initial: 'loading',
  on: {
    'list.filter': { target: '.loading', actions: 'setFilters' },
    'list.refresh': { target: '.loading' },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'firstPage',
        src: 'loadPage',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output.items,
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ items: [], nextCursor: null, error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    ready: {
      on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      entry: assign({ error: null }),
      invoke: {
        id: 'nextPage',
        src: 'loadPage',
        input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => [...context.items, ...event.output.items],
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
  },
});
