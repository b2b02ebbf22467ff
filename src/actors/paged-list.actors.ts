import { fromPromise } from 'xstate';
import {
  type ListFilters,
  type ListPage,
  type LoadPageInput,
  pagedListMachine,
} from '../../machines/paged-list.machine.ts';

/** One page of a console list from its API module: the filters and the cursor of the next page. */
export type PageLoader<T> = (filters: ListFilters, cursor: string | null) => Promise<ListPage<T>>;

/** A console list's machine, its one effect the list's page loader. */
export function pagedListMachineFor<T>(loader: PageLoader<T>) {
  return pagedListMachine.provide({
    actors: { loadPage: fromPromise<ListPage, LoadPageInput>(({ input }) => loader(input.filters, input.cursor)) },
  });
}
