import { type RelayCluster, startSingleRelay } from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { SettledRun } from './systemChecks';
import { FAST_PROFILE, LONG_PROFILE } from './systemPlan';
import {
  batchesOf,
  batchTimeout,
  checkStoredRuns,
  type PinnedSeed,
  pinned,
  runSystemBatch,
  runSystemSeeds,
  selectSystemSeeds,
} from './systemSeeds';

// `npm test` runs a few seeds of the fast profile; `npm run test:system` the long one (see systemSeeds.ts).
const { seeds, profile, withPinned } = selectSystemSeeds({ first: 1, count: 1 });

// Seeds that once failed, one per cause; any other seed a failure named replays with BAALDA_SYSTEM_SEED.
const PINNED: PinnedSeed[] = [
  pinned(
    9,
    FAST_PROFILE,
    "MD4 paired two paragraphs sharing nothing: one the person wrote went with alice's delete of the other",
  ),
  pinned(
    100_002,
    LONG_PROFILE,
    'a relay edit the running mirror had saved in .baalda/docs never reached the file (MIR14)',
  ),
  pinned(100_151, LONG_PROFILE, "the mirror's rewrite replaced a paragraph the person had just saved (MIR4)"),
  pinned(
    100_037,
    LONG_PROFILE,
    'a move refused with NOTE_IN_TRASH left the file at the refused path after the restore (MIR5)',
  ),
  pinned(
    100_100,
    LONG_PROFILE,
    "a note whose path a person's new file took was never written once that file took its conflict name (MIR7)",
  ),
  pinned(
    100_087,
    LONG_PROFILE,
    "a file renamed onto the path of an assistant's new note, not yet written, was merged into that note (MIR7)",
  ),
  pinned(
    100_027,
    LONG_PROFILE,
    "a person's new word split by bob's concurrent append to the paragraph MD4 rewrote into it (MD4)",
  ),
  pinned(
    100_659,
    LONG_PROFILE,
    "an assistant's new paragraph took the element of a like one it rewrote, and went with alice's delete (MD4)",
  ),
  pinned(
    100_537,
    LONG_PROFILE,
    'a file moved onto the path of a note whose file the person had removed was merged into that note (MIR5)',
  ),
  pinned(
    100_462,
    LONG_PROFILE,
    'the mirror, killed after a relay move on disk, took a file later put at the old path for that note (MIR5)',
  ),
  pinned(
    100_051,
    LONG_PROFILE,
    'a file deleted and made anew while the mirror was down was merged into the old note (MIR5)',
  ),
  pinned(
    100_254,
    LONG_PROFILE,
    "bob's amendments of a paragraph an assistant's overwrite had removed were judged lost (the ledger)",
  ),
  pinned(
    100_001,
    LONG_PROFILE,
    "a person's save into a conflict copy the mirror had just written passed for the mirror's text, never sent (MIR3)",
  ),
  pinned(
    100_203,
    LONG_PROFILE,
    "alice restored the trashed copy of an assistant's refused create_note, and its text was judged wrongly there (the ledger)",
  ),
];

// Seeds the long profile failed that are not yet understood or fixed, each with what its database check said:
// shown as skipped so that nobody loses them, run with BAALDA_SYSTEM_OPEN=1 until their fix moves them to PINNED.
const OPEN_FINDINGS: PinnedSeed[] = [
  // Kept or acknowledged writes the database lacked at the end, with no excuse in the ledger, in one long run;
  // each passes on replay since the fixes pinned above, and the first failure's own cause is not known.
  pinned(100_096, LONG_PROFILE, "an assistant's acknowledged amendment lost"),
  pinned(100_098, LONG_PROFILE, "a person's amendment of alice's paragraph, kept, lost"),
  pinned(100_157, LONG_PROFILE, "a person's new paragraph, kept, lost"),
  pinned(100_275, LONG_PROFILE, "two of alice's amendments of bob's paragraph, kept, lost"),
  pinned(100_533, LONG_PROFILE, "bob's amendment of alice's paragraph, kept, lost"),
  // The same, in the 500-seed run on 59bb11e (497 passed), each passing on replay.
  pinned(100_302, LONG_PROFILE, "a person's new paragraph, kept, lost"),
  pinned(100_366, LONG_PROFILE, "two of bob's new paragraphs, kept, lost"),
  pinned(100_405, LONG_PROFILE, "alice's amendment of a person's paragraph, kept, lost"),
  // A live note's index row still held the empty text its create wrote, at version 0, while its stored
  // document had text; passes on replay. One cause that fits, a relay killed between storing a document and
  // writing its row, is closed (the first load after a restart writes the row); not shown to be this one.
  pinned(100_618, LONG_PROFILE, "a live note's index row never got its text"),
  // The 500-seed run on a738b20 (498 passed), each passing on replay. 100463 is 100618's kind, on a note
  // the person had trashed (by deleting its file) before the relay was SIGKILLed: its row is the one
  // placeIndexRow makes for a note without a row ('' at version 0), so the row it had was gone by then.
  // 100021: the person deleted a file and made a new one at the same path; the paragraphs the deleted note
  // held are missing from the database, and the new file's text is not. One reading that fits: the mirror
  // took the delete and the create, between two of its scans, for a rewrite of the same note (as it must for
  // editors that save by deleting and writing), which the judge counts as a trash and a new note.
  pinned(100_021, LONG_PROFILE, "an assistant's three acknowledged paragraphs and two kept ones lost"),
  pinned(100_463, LONG_PROFILE, "a trashed note's index row held '' at version 0"),
];

describe('system: devices, a mirrored folder and an assistant write at once through faulty links; the relay (PGlite) and the mirror are SIGKILLed', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startSingleRelay();
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 10)) {
    it(
      `[SYS1][SYS2][SYS3][SYS4] seeds ${batch[0]}–${batch.at(-1)}: every replica, file, stored document and index row agree, and no acknowledged write is lost`,
      { timeout: batchTimeout(batch.length) },
      () => runSystemBatch(cluster, batch, profile),
    );
  }

  // Pinned seeds share one database check, the last test (each check restarts the PGlite relay).
  const pinnedRuns: SettledRun[] = [];
  for (const { seed, profile: pinnedProfile, why } of withPinned ? PINNED : []) {
    it(`[SYS1][SYS2] seed ${seed}, pinned: ${why}`, { timeout: batchTimeout(1) }, async () => {
      pinnedRuns.push(...(await runSystemSeeds(cluster, [seed], pinnedProfile)));
    });
  }
  for (const { seed, profile: openProfile, why } of OPEN_FINDINGS) {
    it.skipIf(process.env.BAALDA_SYSTEM_OPEN !== '1')(
      `[SYS1][SYS2] seed ${seed}, open finding: ${why}`,
      { timeout: batchTimeout(1) },
      () => runSystemBatch(cluster, [seed], openProfile),
    );
  }
  it.runIf(withPinned)(
    '[SYS1][SYS2][SYS3][SYS4] the database agrees with every pinned run that agreed',
    { timeout: 120_000 },
    () => checkStoredRuns(cluster, pinnedRuns, LONG_PROFILE),
  );
});
