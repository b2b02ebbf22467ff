/**
 * The one place the tests use an xstate function that is not public API. Model tests need the
 * event types a snapshot takes in its own states and their ancestors (xstate/graph's
 * createTestModel uses the same function, but refuses machines with invokes and delays).
 * tests/machines/xstate-internals.test.ts fails loudly if an xstate upgrade moves or changes it.
 */
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot } from 'xstate';

/** The event types the snapshot's active states (and their ancestors) handle. */
export function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  if (typeof __unsafe_getAllOwnEventDescriptors !== 'function') {
    throw new Error(
      'xstate no longer exports __unsafe_getAllOwnEventDescriptors: update tests/support/xstate-internals.ts',
    );
  }
  return __unsafe_getAllOwnEventDescriptors(snapshot);
}
