import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CHECK = join(ROOT, 'scripts', 'checkBoundaries.mjs');
const SRC = join(ROOT, 'apps', 'relay', 'src');

async function runCheck(args: string[] = []): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CHECK, ...args]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

describe('relay layers (LAYER1)', () => {
  let copy: string | undefined;
  afterEach(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
    copy = undefined;
  });

  test('[LAYER1] the tree as it is passes the boundary check', async () => {
    const result = await runCheck();
    expect(result.output).toContain('Boundary check passed.');
    expect(result.code).toBe(0);
  });

  test('[LAYER1] a lower folder importing a higher one fails the check, naming the file and both layers', async () => {
    copy = await mkdtemp(join(tmpdir(), 'baalda-layers-'));
    await cp(SRC, copy, { recursive: true, filter: (path) => !path.includes('generated') });
    // support/ is the bottom layer; the composition root in app/ is near the top.
    await writeFile(
      join(copy, 'support', 'reachesUp.ts'),
      "import { startRelay } from '../app/startRelay';\nexport const up = startRelay;\n",
    );
    const result = await runCheck(['--relay-src', copy]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('support/reachesUp.ts imports ../app/startRelay');
    expect(result.output).toContain('support (layer 0) may not use app (layer 10)');
  });

  test('[LAYER1] a folder importing another folder of its own layer fails the check: no two folders use each other', async () => {
    copy = await mkdtemp(join(tmpdir(), 'baalda-layers-'));
    await cp(SRC, copy, { recursive: true, filter: (path) => !path.includes('generated') });
    // sync/ and scale/ share a layer: one using the other is the first half of a folder cycle.
    await writeFile(
      join(copy, 'sync', 'reachesAcross.ts'),
      "import { redisCallMeter } from '../scale/sharedLimits';\nexport const across = redisCallMeter;\n",
    );
    const result = await runCheck(['--relay-src', copy]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('sync (layer 8) may not use scale (layer 8)');
  });

  test('[LAYER3] a file of mcp/ that runs SQL of its own fails the check', async () => {
    copy = await mkdtemp(join(tmpdir(), 'baalda-layers-'));
    await cp(SRC, copy, { recursive: true, filter: (path) => !path.includes('generated') });
    await writeFile(
      join(copy, 'mcp', 'ownQuery.ts'),
      "import type { PrismaClient } from '../generated/prisma/client';\n" +
        'export const count = (prisma: PrismaClient) => prisma.$queryRaw`SELECT 1`;\n',
    );
    const result = await runCheck(['--relay-src', copy]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('mcp/ownQuery.ts runs SQL of its own');
  });

  test('[API1] a route written by hand, without a declaration in core, fails the check', async () => {
    copy = await mkdtemp(join(tmpdir(), 'baalda-layers-'));
    await cp(SRC, copy, { recursive: true, filter: (path) => !path.includes('generated') });
    await writeFile(
      join(copy, 'vault', 'secretRoute.ts'),
      "export const SECRET = [{ method: 'GET', pattern: /^\\/api\\/secret$/, auth: 'public', handle: () => {} }];\n",
    );
    const result = await runCheck(['--relay-src', copy]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('vault/secretRoute.ts writes a route by hand');
  });

  test('[LAYER1] a folder with no layer fails the check until it is given one', async () => {
    copy = await mkdtemp(join(tmpdir(), 'baalda-layers-'));
    await cp(SRC, copy, { recursive: true, filter: (path) => !path.includes('generated') });
    await cp(join(copy, 'support'), join(copy, 'helpers'), { recursive: true });
    const result = await runCheck(['--relay-src', copy]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('folder "helpers" has no layer');
  });
});
