import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultRecordPath,
  parseRunRecord,
  type RunRecord,
  readRunRecord,
  runMetadata,
  writeRunRecord,
} from './runRecord';

const ROOT = join(import.meta.dirname, '..', '..');

function recordOf(measurements: RunRecord['measurements']): RunRecord {
  return { ...runMetadata(ROOT, ['--only', 'fanout']), benches: ['fanout'], failed: [], measurements };
}

describe('the run as JSON (BEN14)', () => {
  it('[BEN14] holds when and where it ran: date, commit, Node, CPUs and flags', () => {
    const metadata = runMetadata(ROOT, ['--only', 'fanout']);
    expect(metadata.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(metadata.node).toBe(process.version);
    expect(metadata.cpus).toBeGreaterThan(0);
    expect(metadata.flags).toEqual(['--only', 'fanout']);
    expect(Number.isNaN(Date.parse(metadata.date))).toBe(false);
  });

  it('[BEN14] reads back what it wrote; a value not measured (NaN) goes through JSON as null', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baalda-bench-record-'));
    try {
      const record = recordOf([
        {
          bench: 'fanout',
          name: 'p95',
          unit: 'ms',
          value: 12.5,
          samples: [12.5, 13],
          baseline: { label: 'bare', value: 10 },
        },
        { bench: 'fanout', name: 'on PostgreSQL', unit: 'MiB', value: Number.NaN, note: 'not measured: no server' },
      ]);
      const path = join(dir, 'nested', 'run.json');
      writeRunRecord(path, record);
      expect(await readFile(path, 'utf8')).toContain('"value": null');
      expect(readRunRecord(path)).toEqual(record);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('[BEN14] refuses a file that is not a run, naming it and what is wrong', () => {
    const broken = JSON.stringify({
      ...recordOf([]),
      measurements: [{ bench: 'a', name: 'b', unit: 'furlongs', value: 1 }],
    });
    expect(() => parseRunRecord(broken, 'old.json')).toThrow(/old\.json is not a bench run[\s\S]*unit/);
    expect(() => parseRunRecord('{"date": 1}', 'other.json')).toThrow(/other\.json/);
  });

  it('[BEN14] is written under bench/results/ by default, named by its date', () => {
    expect(defaultRecordPath('/repo', '2026-12-08T10:11:12.000Z')).toBe(
      '/repo/bench/results/2026-12-08T10-11-12.000Z.json',
    );
  });
});
