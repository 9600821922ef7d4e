import { readFileSync } from 'node:fs';

/** Of a process's resident set, in bytes; 0 where /proc is missing (not Linux). */
export interface ResidentParts {
  /** Anonymous memory: the JS heap, WebAssembly memories, malloc's arenas. */
  readonly rssAnon: number;
  /** File-backed pages: code and mapped files. */
  readonly rssFile: number;
  /** Resident pages of WebAssembly memories (PGlite's database, the vector arena). */
  readonly rssWasm: number;
}

// V8 reserves each 32-bit WebAssembly memory as 10 GiB of address space (4 GiB addressable plus guard pages,
// so bounds checks are free): a readable-writable mapping, the memory's current size, directly followed by an
// inaccessible one that runs past 4 GiB from its start. Nothing else in a Node process is laid out so.
const WASM_RESERVATION_BYTES = 4 * 2 ** 30;

interface Mapping {
  readonly start: number;
  readonly end: number;
  readonly perms: string;
  rss: number;
}

/** The kernel's split of this process's resident set (/proc/self/status and /proc/self/smaps). */
export function residentParts(): ResidentParts {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kilobytes = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rssAnon: kilobytes('RssAnon'), rssFile: kilobytes('RssFile'), rssWasm: wasmResident() };
  } catch {
    return { rssAnon: 0, rssFile: 0, rssWasm: 0 };
  }
}

function wasmResident(): number {
  const mappings = readMappings();
  let total = 0;
  for (const [index, mapping] of mappings.entries()) {
    const guard = mappings[index + 1];
    const isWasmMemory =
      mapping.perms.startsWith('rw') &&
      guard?.start === mapping.end &&
      guard.perms === '---p' &&
      guard.end - mapping.start >= WASM_RESERVATION_BYTES;
    if (isWasmMemory) total += mapping.rss;
  }
  return total;
}

function readMappings(): Mapping[] {
  const mappings: Mapping[] = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    const last = mappings.at(-1);
    if (range) {
      const [start, end] = [Number.parseInt(range[1] as string, 16), Number.parseInt(range[2] as string, 16)];
      mappings.push({ start, end, perms: range[3] as string, rss: 0 });
    } else if (last && line.startsWith('Rss:')) last.rss = Number(/(\d+) kB/.exec(line)?.[1] ?? 0) * 1024;
  }
  return mappings;
}
