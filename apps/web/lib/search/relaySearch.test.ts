import { describe, expect, it } from 'vitest';
import { alignWithTree, toSearchHit } from './relaySearch';
import { liveNote } from './testNote';

const refunds = 'alice_note_00000000001';
const wifi = 'alice_note_00000000002';
const note = liveNote;

describe('the relay’s search results', () => {
  it('reads results defensively: an entry without a valid id or path is skipped', () => {
    expect(
      toSearchHit({ docId: refunds, title: 'Refunds', path: 'Policies/Refunds.md', score: 0.8, kind: 'note' }),
    ).toEqual({ docId: refunds, kind: 'note', title: 'Refunds', path: 'Policies/Refunds.md', score: 0.8 });
    expect(toSearchHit({ docId: refunds, path: 'Refunds.md' })).toEqual({
      docId: refunds,
      kind: 'note',
      title: 'Refunds',
      path: 'Refunds.md',
      score: 0,
    });
    expect(toSearchHit({ docId: '../etc', path: 'x.md' })).toBeUndefined();
    expect(toSearchHit({ docId: refunds })).toBeUndefined();
    expect(toSearchHit('junk')).toBeUndefined();
  });

  it('[IDX3] shows a hit as this device’s tree has it: renamed here wins, trashed here is left out', () => {
    const hits = [
      { docId: refunds, kind: 'note' as const, title: 'Refunds', path: 'Refunds.md', score: 0.9 },
      { docId: wifi, kind: 'note' as const, title: 'Wifi', path: 'Wifi.md', score: 0.5 },
      { docId: 'bob_note_0000000000003', kind: 'note' as const, title: 'Not fetched yet', path: 'New.md', score: 0.4 },
    ];
    const tree = { notes: [note(refunds, 'Policies/Money back.md')], trash: [note(wifi, 'Wifi.md')] };
    expect(alignWithTree(hits, tree)).toEqual([
      { docId: refunds, kind: 'note', title: 'Money back', path: 'Policies/Money back.md', score: 0.9 },
      { docId: 'bob_note_0000000000003', kind: 'note', title: 'Not fetched yet', path: 'New.md', score: 0.4 },
    ]);
  });

  it('[PATH11] an attachment hit is an attachment, named by its whole file name', () => {
    expect(
      toSearchHit({ docId: refunds, kind: 'attachment', title: 'Q3.pdf', path: 'Reports/Q3.pdf', score: 0.6 }),
    ).toEqual({ docId: refunds, kind: 'attachment', title: 'Q3.pdf', path: 'Reports/Q3.pdf', score: 0.6 });
    const hit = { docId: wifi, kind: 'attachment' as const, title: 'Scan.pdf', path: 'Scan.pdf', score: 0.5 };
    expect(alignWithTree([hit], { notes: [note(wifi, 'Archive/Scan 2019.pdf')], trash: [] })).toEqual([
      { ...hit, title: 'Scan 2019.pdf', path: 'Archive/Scan 2019.pdf' },
    ]);
  });
});
