import { setFlagsFromString } from 'node:v8';

// V8's default is 1,800,000 (Node 20). 500,000,000 was chosen by measurement: a relay restarted on its data
// held ~45–60 MiB less resident, while USE lite's kernels, which run billions of times, still reach the
// optimizing tier after a few notes (embedding throughput within noise of the default; 1,000,000,000 cost it
// about 15%).
const ONCE_RUN_WASM_BUDGET = 500_000_000;
const DEFAULT_WASM_BUDGET = 1_800_000;

let onceRunBudgetSet = false;

/**
 * DB8: raises how much WebAssembly code must run before V8 optimizes it. PGlite's start-up (recovery, the
 * catalog, the migration check, loading the search index) and Prisma's query compiler run a great deal of
 * code once; with the default budget V8's optimizing compiler took most of it up on background threads,
 * and the process kept that compiler's memory for its whole life (per-thread malloc arenas, never trimmed).
 * Code that stays hot (a busy PGlite path, the sentence encoder) is still optimized, only later. Must run
 * before the first module is compiled: V8 reads the budget when a module is instantiated.
 */
export function optimizeOnlyHotWasm(): void {
  setFlagsFromString(`--wasm-tiering-budget=${ONCE_RUN_WASM_BUDGET}`);
  onceRunBudgetSet = true;
}

/**
 * DB8: runs `instantiate` under V8's default budget, then puts back the budget that was set. For a small
 * kernel that runs on every search (the semantic vectors' dot products, SEMV8): under the once-run budget it
 * stayed in the baseline tier for hundreds of searches, each 1.5–2× slower (bench/searchLatency.ts, which
 * sets the relay's budget as the relay does). Its optimized code is a few kilobytes; the memory DB8 saves is
 * PGlite's and Prisma's.
 */
export function withDefaultWasmTiering<Instance>(instantiate: () => Instance): Instance {
  if (!onceRunBudgetSet) return instantiate();
  setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_WASM_BUDGET}`);
  try {
    return instantiate();
  } finally {
    setFlagsFromString(`--wasm-tiering-budget=${ONCE_RUN_WASM_BUDGET}`);
  }
}
