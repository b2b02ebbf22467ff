// `npm start`: build the web app when needed, then run the server, which migrates the
// database and serves site and API on http://localhost:3000 (PORT to change it).
import { ensureBuilt } from './ensure-built.ts';

ensureBuilt();
await import('../server/main.ts');
