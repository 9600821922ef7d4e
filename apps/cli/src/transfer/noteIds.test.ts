import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_IDS_NAME, noteIdsText, parseNoteIds, readNoteIds } from './noteIds';

const ALICE_ID = 'aliceNote0123456789ab';
const BOB_ID = 'bobNote_0123456789-ab';

describe('.baalda-ids.json', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('[XFER2] lists each note file’s docId by its path, sorted, and reads back by path key', () => {
    const text = noteIdsText(
      new Map([
        ['Projects/Plan.md', BOB_ID],
        ['Ärger.md', ALICE_ID],
      ]),
    );
    expect(text).toBe(
      '{\n  "format": "baalda-ids",\n  "version": 1,\n  "notes": {\n' +
        `    "Projects/Plan.md": "${BOB_ID}",\n    "Ärger.md": "${ALICE_ID}"\n  }\n}\n`,
    );
    expect(parseNoteIds(text)).toEqual({
      ok: true,
      ids: new Map([
        ['projects/plan.md', BOB_ID],
        ['ärger.md', ALICE_ID],
      ]),
    });
  });

  it('[XFER7] a file that is not an ids file says why, naming the first problem and where it is', () => {
    const ids = (notes: unknown, version = 1) => JSON.stringify({ format: 'baalda-ids', version, notes });
    expect(parseNoteIds('{"format": "baalda-ids",')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not JSON: /),
    });
    expect(parseNoteIds(ids({}, 2))).toMatchObject({ ok: false, reason: expect.stringMatching(/^version: /) });
    expect(parseNoteIds(JSON.stringify({ format: 'other', version: 1, notes: {} }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^format: /),
    });
    expect(parseNoteIds(ids({ 'a.md': 'short' }))).toEqual({ ok: false, reason: 'notes["a.md"]: not a docId' });
    expect(parseNoteIds(ids({ 'Plan.md': ALICE_ID, 'plan.md': BOB_ID }))).toEqual({
      ok: false,
      reason: '"plan.md" is listed twice (paths ignore case)',
    });
  });

  it('[XFER7] reading a folder: no file is no ids and no warning; a damaged one, or a folder, is a warning', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baalda-ids-'));
    folders.push(root);
    expect(await readNoteIds(root)).toEqual({ ids: new Map(), warning: null });
    // A byte order mark, as some Windows editors write one, is no damage.
    await writeFile(join(root, NOTE_IDS_NAME), `\uFEFF${noteIdsText(new Map([['a.md', ALICE_ID]]))}`);
    expect(await readNoteIds(root)).toEqual({ ids: new Map([['a.md', ALICE_ID]]), warning: null });
    await writeFile(join(root, NOTE_IDS_NAME), '[]');
    expect(await readNoteIds(root)).toEqual({
      ids: new Map(),
      warning: `${NOTE_IDS_NAME} ignored (Invalid input: expected object, received array); notes are matched by path instead`,
    });
    await rm(join(root, NOTE_IDS_NAME));
    await mkdir(join(root, NOTE_IDS_NAME));
    expect((await readNoteIds(root)).warning).toMatch(/\(not a regular file\)/);
  });
});
