import { formatNoteDocumentName, type VersionReason, type VersionSettings } from '@baalda/core';
import { EDITOR_FRAGMENT, extractPlainText } from '@baalda/markdown';
import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PrismaClient } from '../generated/prisma/client';
import { keepVersion, readVersion, type VersionSummary } from './versionStore';

/** What a live-document version action needs. */
export interface LiveVersionContext {
  readonly hocuspocus: Hocuspocus;
  readonly prisma: PrismaClient;
  readonly settings: VersionSettings;
  readonly clock: () => Date;
}

/** What a restore did: the version brought back, and the version of the text it replaced (if kept). */
export interface RestoreOutcome {
  readonly restored: string;
  readonly captured: string | null;
}

/**
 * VC6: restores a version as a new edit on the live document — every connected editor sees it through
 * normal sync, and undoing it is another restore. The text just before is kept first
 * (`before-restore`, subject to VC4). The blocks are copied from the version's own Yjs state, so
 * headings, lists and marks come back, not only the words.
 * @returns null when the version doesn't exist for this note.
 */
export async function restoreVersion(
  context: LiveVersionContext,
  docId: string,
  versionId: string,
): Promise<RestoreOutcome | null> {
  const version = await readVersion(context.prisma, docId, versionId);
  if (!version) return null;
  const connection = await context.hocuspocus.openDirectConnection(formatNoteDocumentName(docId), {});
  try {
    const document = connection.document as Y.Doc;
    const captured = await keepLiveVersion(context, docId, document, 'before-restore');
    await connection.transact((live) => replaceBlocks(live, version.state));
    return { restored: version.id, captured: captured?.id ?? null };
  } finally {
    await connection.disconnect();
  }
}

/** VC5 `manual`: keeps the note's text as it is right now (not as last stored); null when VC4 skips it. */
export async function keepManualVersion(context: LiveVersionContext, docId: string): Promise<VersionSummary | null> {
  const connection = await context.hocuspocus.openDirectConnection(formatNoteDocumentName(docId), {});
  try {
    return await keepLiveVersion(context, docId, connection.document as Y.Doc, 'manual');
  } finally {
    await connection.disconnect();
  }
}

function keepLiveVersion(
  context: LiveVersionContext,
  docId: string,
  document: Y.Doc,
  reason: VersionReason,
): Promise<VersionSummary | null> {
  const capture = { docId, reason, text: extractPlainText(document), state: Y.encodeStateAsUpdate(document) };
  return context.prisma.$transaction((tx) => keepVersion(tx, capture, context.clock(), context.settings.maxVersions));
}

// The version's state was stored by this relay under LIM2, so decoding it is bounded.
function replaceBlocks(live: Y.Doc, versionState: Uint8Array): void {
  const old = new Y.Doc();
  try {
    Y.applyUpdate(old, versionState);
    const blocks = old
      .getXmlFragment(EDITOR_FRAGMENT)
      .toArray()
      .map((block) => block.clone())
      .filter((block): block is Y.XmlElement | Y.XmlText => !(block instanceof Y.XmlHook));
    const fragment = live.getXmlFragment(EDITOR_FRAGMENT);
    fragment.delete(0, fragment.length);
    fragment.insert(0, blocks);
  } finally {
    old.destroy();
  }
}
