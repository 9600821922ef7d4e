#!/usr/bin/env node
// `npm run relays -- <N>`: N relays on ports 8787, 8788, … (from PORT if set), sharing DATABASE_URL and
// REDIS_URL, each line prefixed with its relay's number. Ctrl-C stores every relay's pending changes and
// stops them all; if one relay exits on its own, the others are stopped too.
// Plain Node like start.mjs, and like it, builds whatever changed first (ensureBuilt.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from './buildStamps.mjs';
import { ensureBuilt } from './ensureBuilt.mjs';
import { RELAY_ENV, RELAY_NODE_FLAGS } from './relayNodeFlags.mjs';

function fail(message) {
  console.error(`[relays] ${message}`);
  process.exit(1);
}

function readSettings() {
  const count = Number(process.argv[2] ?? '2');
  if (!Number.isInteger(count) || count < 1 || count > 32) fail('usage: npm run relays -- <N>, N a whole number 1–32.');
  if (!process.env.DATABASE_URL?.trim())
    fail('DATABASE_URL must name the PostgreSQL database every relay shares (postgresql://…).');
  if (!process.env.REDIS_URL?.trim()) fail('REDIS_URL must name the Redis every relay shares (redis://…).');
  const basePort = Number(process.env.PORT?.trim() || '8787');
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + count - 1 > 65535)
    fail(`PORT must leave room for ${count} ports, got ${JSON.stringify(process.env.PORT)}.`);
  return { count, basePort };
}

function prefixLines(stream, prefix, write) {
  createInterface({ input: stream }).on('line', (line) => write(`${prefix} ${line}\n`));
}

function startRelay(index, port) {
  const child = spawn(process.execPath, [...RELAY_NODE_FLAGS, join(root, 'apps', 'relay', 'dist', 'main.mjs')], {
    cwd: root,
    env: { ...RELAY_ENV, ...process.env, PORT: String(port) },
    // Own process group: Ctrl-C reaches the relays once, from here, so each stores and exits in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[relay ${index + 1} :${port}]`;
  prefixLines(child.stdout, prefix, (line) => process.stdout.write(line));
  prefixLines(child.stderr, prefix, (line) => process.stderr.write(line));
  return { child, prefix, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1))) };
}

const { count, basePort } = readSettings();
await ensureBuilt({ web: true });
const relays = Array.from({ length: count }, (_, index) => startRelay(index, basePort + index));
let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[relays] ${signal}: stopping ${count} relay(s)`);
  for (const { child } of relays) if (child.exitCode === null) child.kill('SIGTERM');
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const { exited, prefix } of relays) {
  exited.then((code) => {
    if (stopping) return;
    console.error(`[relays] ${prefix} exited with code ${code}; stopping the others`);
    stopAll('a relay exited');
  });
}
const codes = await Promise.all(relays.map((relay) => relay.exited));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
