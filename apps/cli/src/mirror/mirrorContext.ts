import type { RelayClient } from '../relayClient';
import type { PendingAcknowledgements } from './acknowledgements';
import type { LinkNames } from './linkNames';
import type { MirrorLayout } from './mirrorLayout';
import type { MirrorLog } from './mirrorLog';
import type { MirrorState } from './mirrorState';
import type { NoteDocs } from './noteDocs';
import type { RefusedFiles } from './refusedFiles';
import type { RelayFailure, RemoteTree } from './relayCalls';
import type { Replacements } from './replacements';
import type { SyncConnection } from './syncConnection';
import type { SyncProgress } from './syncProgress';

/** What the mirror knows of the relay right now. */
export interface RemoteView {
  /** The tree as last read (null before the first read). */
  tree: RemoteTree | null;
  /** The last call reached the relay. */
  online: boolean;
  /** The tree may have changed since it was read (a `treeChanged`, the mirror's own ops, a poll): read it again before trusting it. */
  stale: boolean;
  /** After a failure, no call before this time (ms). */
  retryAt: number;
  failures: number;
  lastFailure: RelayFailure | null;
}

/** Everything one pass works with. */
export interface MirrorContext {
  readonly layout: MirrorLayout;
  readonly state: MirrorState;
  readonly docs: NoteDocs;
  readonly relay: RelayClient;
  readonly log: MirrorLog;
  readonly refused: RefusedFiles;
  readonly remote: RemoteView;
  /** The sync socket's state, for progress lines. */
  readonly sync: Pick<SyncConnection, 'isConnected' | 'waitingCount'>;
  /** MIR11: `→ relay` lines waiting for the relay's acknowledgement. */
  readonly acks: PendingAcknowledgements;
  readonly progress: SyncProgress;
  /** LNK3: the names `[[links]]` are written with and read from (refreshLinkNames brings them up to date). */
  readonly links: LinkNames;
  /**
   * MIR13: the docIds files new on disk will get (path → docId), given before any of them is read, so their
   * links to each other resolve in the same pass.
   */
  readonly plannedIds: Map<string, string>;
  /** MIR4: what the mirror's recent rewrites replaced (earlier texts, set-aside files). */
  readonly replaced: Replacements;
  /**
   * MIR3: note files read empty at their last look (path → time): an in-place save truncates the file
   * before it writes, so an empty read is taken only once a second look finds it unchanged.
   */
  readonly emptyFiles: Map<string, number>;
  /** MIR7: untracked files waiting for the relay's copy at their path to arrive, to compare: path → since when. */
  readonly adopting: Map<string, { docId: string; since: number }>;
  /**
   * MIR5: a scan of the disk has been taken in since this start. Until then the files may have changed in
   * any way while no mirror watched (deleted and made anew at the same path, another file moved there).
   */
  scannedSinceStart: boolean;
  /** Writes `.baalda/state.json` if it changed (before any op leaves, and after every pass). */
  saveState(): Promise<void>;
}

/** What one pass did: `acted` (changed something) or `waiting` (has work it can't do yet). Either keeps it from being idle. */
export interface PassReport {
  acted: boolean;
  waiting: boolean;
}

/**
 * Runs one file's work; a failure (a file locked, unreadable, vanished mid-read) is logged once and the
 * pass goes on with the other files, so one bad file never stops the mirror.
 */
export async function tryFile(ctx: MirrorContext, path: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
    ctx.log.clear(`error:${path}`);
  } catch (error) {
    ctx.log.once(`error:${path}`, `${path}: ${(error as Error).message}; retrying on the next pass`);
  }
}
