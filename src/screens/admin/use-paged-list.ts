import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import type { ListFilters } from '../../../machines/paged-list.machine.ts';
import { type PageLoader, pagedListMachineFor } from '../../actors/paged-list.actors.ts';

export type { PageLoader };

/**
 * A console list driven by the paged-list machine: the loader is the only effect. The items come
 * back typed as the loader's.
 */
export function usePagedList<T>(loader: PageLoader<T>, initialFilters: ListFilters = {}) {
  const machine = useMemo(
    () => pagedListMachineFor(loader),
    // The loader is a module function; a new one per render must not restart the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { filters: initialFilters } });
  return {
    items: snapshot.context.items as T[],
    filters: snapshot.context.filters,
    error: snapshot.context.error,
    loading: snapshot.matches('loading'),
    loadingMore: snapshot.matches('loadingMore'),
    failed: snapshot.matches('failed'),
    hasMore: snapshot.can({ type: 'list.more' }),
    more: () => send({ type: 'list.more' }),
    retry: () => send({ type: 'list.retry' }),
    refresh: () => send({ type: 'list.refresh' }),
    filter: (filters: ListFilters) =>
      send({
        type: 'list.filter',
        filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')),
      }),
  };
}

/** What a console list screen gets from usePagedList. */
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
