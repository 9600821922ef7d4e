import { describe, expect, it } from 'vitest';
import type { ApiNote } from '../relayClient';
import { indexVault, matchNotes } from './importNotes';
import type { PlannedFile } from './importPaths';
import type { TransferProblems } from './transferProblems';

function note(docId: string, path: string): ApiNote {
  return { docId, path, title: path, createdAt: 0, updatedAt: 0, deletedAt: null, conflictOf: null };
}

function file(relative: string): PlannedFile {
  return { relative, file: `/folder/${relative}`, size: 1, path: relative, kind: 'note' };
}

function problemList(): TransferProblems & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    add: (path, reason) => void lines.push(`${path}: ${reason}`),
    get count() {
      return lines.length;
    },
  };
}

const ALICE = note('aliceNote0123456789ab', 'Archive/alice.md');
const BOB = note('bobNote_0123456789-ab', 'bob.md');
const CAROL = note('carolNote0123456789ab', 'carol.md');
const IMAGE = note('imageFile0123456789ab', 'image.png');

describe('matchNotes', () => {
  it('[XFER7] the ids file’s id comes first, then a baalda_id line, then the path', () => {
    const [fromIds, fromLine, byPath] = [file('alice.md'), file('renamed.md'), file('carol.md')];
    const problems = problemList();
    const matches = matchNotes(
      new Map([
        [fromIds, [ALICE.docId, BOB.docId]],
        [fromLine, [BOB.docId]],
        [byPath, []],
      ]),
      indexVault([ALICE, BOB, CAROL]),
      problems,
    );
    expect(matches).toEqual(
      new Map([
        [fromIds, ALICE],
        [fromLine, BOB],
        [byPath, CAROL],
      ]),
    );
    expect(problems.lines).toEqual([]);
  });

  it('[XFER7] an id naming no live note, or an attachment, falls through to the next id and to the path', () => {
    const [stale, onImage] = [file('bob.md'), file('new.md')];
    const matches = matchNotes(
      new Map([
        [stale, ['goneNote_0123456789ab', BOB.docId]],
        [onImage, [IMAGE.docId]],
      ]),
      indexVault([BOB, IMAGE]),
      problemList(),
    );
    expect(matches).toEqual(
      new Map([
        [stale, BOB],
        [onImage, null],
      ]),
    );
  });

  it('[XFER7] an id outranks a path, and a note goes to one file: the file at its path is refused', () => {
    const [moved, atPath, sameId] = [file('moved/bob.md'), file('bob.md'), file('copy of bob.md')];
    const problems = problemList();
    const matches = matchNotes(
      new Map([
        [atPath, []],
        [moved, [BOB.docId]],
        [sameId, [BOB.docId]],
      ]),
      indexVault([BOB]),
      problems,
    );
    expect(matches).toEqual(
      new Map([
        [moved, BOB],
        [sameId, null],
      ]),
    );
    expect(problems.lines).toEqual(['bob.md: PATH_EXISTS: bob.md is the note another file names by its id']);
  });
});
