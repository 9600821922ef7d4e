#!/usr/bin/env node
// `npm start`: the one command a newcomer runs. Builds whatever changed since the last build (ensureBuilt.mjs),
// then runs the compiled relay in this process: it serves the app, the sync WebSocket and the API on one port.
// No TypeScript is compiled at run time. Plain Node on purpose: it must work before `npm ci` has run.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './buildStamps.mjs';
import { ensureBuilt } from './ensureBuilt.mjs';

await ensureBuilt({ web: true });
await import(pathToFileURL(join(root, 'apps', 'relay', 'dist', 'main.mjs')).href);
