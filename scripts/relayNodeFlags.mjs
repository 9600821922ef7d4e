#!/usr/bin/env node
// The Node.js flags the relay runs with: `npm start` passes them (package.json's start script, checked here
// by `node scripts/relayNodeFlags.mjs --check`, part of `npm run lint`), and so do `npm run relays` and the
// load benches. They only fit memory to a small server; the relay runs correctly without them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * --max-semi-space-size=4: V8 grows the young generation to 2 × 16 MiB during a burst (loading the search
 * index at start-up) and keeps it committed; at 4 MiB a relay restarted on 1,000 notes held ~25 MiB less
 * resident. Short-lived sync messages are still collected young, with more, smaller scavenges.
 *
 * --v8-pool-size=1: V8's background threads (compilers, GC helpers; Node's default is 4) each got a malloc
 * arena of their own, and glibc keeps what a thread freed in its arena: ~30 MiB more resident with 4 than
 * with 1. On the one or two cores a small server has, more threads than that gain nothing.
 */
export const RELAY_NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=1'];

/**
 * MALLOC_ARENA_MAX=2 (glibc; other C libraries ignore it): each thread that mallocs gets an arena of its own,
 * and V8's background thread filled one with ~25 MiB it freed but glibc kept. Two arenas cut the slow drift
 * of the relay's native memory in each of four soaks run side by side (slope from minute 2, MiB per 10
 * minutes: 4.88 → 2.72, 2.13 → 0.39, 1.35 → −0.21, 3.64 → 1.37; `bench/soak.ts --arena-max 2`), with fan-out
 * unchanged. A process cannot set it for itself (glibc reads it before any JavaScript runs), so the launchers
 * that spawn a relay add it to its environment, and `npm start` on Linux takes it from the shell (README,
 * "Memory"). A value already in the environment wins.
 */
export const RELAY_ENV = { MALLOC_ARENA_MAX: '2' };

const root = join(import.meta.dirname, '..');

/** The package.json start script's problem, or null when it passes every flag. */
export function startScriptProblem() {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  const missing = RELAY_NODE_FLAGS.filter((flag) => !start.split(/\s+/).includes(flag));
  return missing.length === 0
    ? null
    : `package.json's start script lacks ${missing.join(' ')} (scripts/relayNodeFlags.mjs)`;
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--check')) {
  const problem = startScriptProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
