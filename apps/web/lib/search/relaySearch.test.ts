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
    ).toEqual({ docId: refunds, title: 'Refunds', path: 'Policies/Refunds.md', score: 0.8 });
    expect(toSearchHit({ docId: refunds, path: 'Refunds.md' })).toEqual({
      docId: refunds,
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
      { docId: refunds, title: 'Refunds', path: 'Refunds.md', score: 0.9 },
      { docId: wifi, title: 'Wifi', path: 'Wifi.md', score: 0.5 },
      { docId: 'bob_note_0000000000003', title: 'Not fetched yet', path: 'New.md', score: 0.4 },
    ];
    const tree = { notes: [note(refunds, 'Policies/Money back.md')], trash: [note(wifi, 'Wifi.md')] };
    expect(alignWithTree(hits, tree)).toEqual([
      { docId: refunds, title: 'Money back', path: 'Policies/Money back.md', score: 0.9 },
      { docId: 'bob_note_0000000000003', title: 'Not fetched yet', path: 'New.md', score: 0.4 },
    ]);
  });
});
