type CountListener = () => void;
const countListeners = new Set<CountListener>();
let lastCartCount: number | null = null;

/**
 * How many tickets the player's cart held in the newest cart answer, from whichever screen asked
 * (the game adds, the cart removes, the header looks): the header's count follows without a call
 * of its own per change. Null until a cart answer arrives, and again after logout.
 */
export const cartCount = {
  get: (): number | null => lastCartCount,
  set(count: number | null): void {
    if (count === lastCartCount) return;
    lastCartCount = count;
    for (const listener of countListeners) listener();
  },
  subscribe(listener: CountListener): () => void {
    countListeners.add(listener);
    return () => countListeners.delete(listener);
  },
};
