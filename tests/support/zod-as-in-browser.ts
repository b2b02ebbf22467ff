// Zod as main.tsx sets it up in the page (src/shared/zod-jitless.ts), before any test module evaluates zod.
import { zodWithoutEval } from '../../src/shared/zod-jitless.ts';

zodWithoutEval();
