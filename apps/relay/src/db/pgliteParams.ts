import { PGlite } from '@electric-sql/pglite';

/**
 * How every PGlite of the relay starts (the relay's, and the one that creates the cluster). PostgreSQL's
 * default shared_buffers (128 MB) is set up in WebAssembly memory at every open: about 0.4 s of a 1 s open
 * here, and 128 MiB resident. PGlite has one connection and its files sit in the OS page cache, so 16 MB
 * holds a team's working set; passed at every start, it leaves postgresql.conf as initdb wrote it.
 */
export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
