import { PGlite } from '@electric-sql/pglite';

/**
 * How every PGlite of the relay starts (the relay's, and the one that creates the cluster); passed at every
 * start, they leave postgresql.conf as initdb wrote it.
 *
 * shared_buffers: PostgreSQL's default (128 MB) is set up in WebAssembly memory at every open, about 0.4 s of
 * a 1 s open here and 128 MiB resident. PGlite has one connection and its files sit in the OS page cache,
 * so a page it has to read again costs a copy, not a disk read. WebAssembly memory never shrinks, so every
 * buffer once touched stays resident for the life of the relay: at 16 MB, a relay restarted on 1,000 stored
 * notes held 16 MiB more than at 1 MB (128 pages, plenty for one connection's pins).
 *
 * wal_buffers: by default 1/32 of shared_buffers; kept at what 16 MB gave (512 kB), so a large note's write
 * still goes to the WAL in as few pieces as before.
 */
export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=1MB', '-c', 'wal_buffers=512kB'];
