import { z } from 'zod';

/**
 * A first step for the game screens' code (EVALUATED_FIRST in routes.tsx): importing this module
 * evaluates zod's chunk in a task of its own. A dynamic `import('zod')` would do the same but keep
 * all of zod's namespace in the bundle (every locale, the JSON Schema code: 73 KB instead of 22 KB
 * brotli on the wire), since the bundler cannot know which of its members the caller reads.
 */
export const zodLoaded = typeof z.object === 'function';
