// A child of the relay (pgliteDatabase.ts): creates the embedded database's cluster in argv[2] and exits, so
// the memory initdb leaves behind goes with this process instead of staying in the relay for its lifetime.
import { PGlite } from '@electric-sql/pglite';
import { START_PARAMS } from './pgliteParams';

const folder = process.argv[2];
if (!folder) throw new Error('usage: pgliteInit.mjs <folder>');
const db = await PGlite.create(folder, { startParams: START_PARAMS });
await db.close();
