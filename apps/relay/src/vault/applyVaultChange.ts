import { pathKey, type VaultChange } from '@baalda/core';
import type { Prisma } from '../generated/prisma/client';
import { removeLinkRows } from '../links/linkStore';
import { placeIndexRow, removeIndexRows } from '../search/indexStore';

type Tx = Prisma.TransactionClient;

/** Writes what core decided, inside the caller's transaction. */
export async function applyVaultChange(tx: Tx, vaultId: string, change: VaultChange, now: Date): Promise<void> {
  for (const note of change.putNotes) {
    const fields = {
      vaultId,
      path: note.path,
      pathKey: pathKey(note.path),
      createdAt: new Date(note.createdAt),
      updatedAt: new Date(note.updatedAt),
      deletedAt: note.deletedAt === null ? null : new Date(note.deletedAt),
      conflictOf: note.conflictOf,
    };
    // DOC5: never `where: { docId }` alone. A row of another vault is not updated; creating one under its id
    // then fails the unique key and the whole batch rolls back: a broken plan can't move a note between vaults.
    const updated = await tx.note.updateMany({ where: { docId: note.docId, vaultId }, data: fields });
    if (updated.count === 0) await tx.note.create({ data: { docId: note.docId, ...fields } });
    await placeIndexRow(tx, { docId: note.docId, vaultId, path: note.path, live: note.deletedAt === null }, now);
  }
  if (change.purgeDocIds.length > 0) await purgeNotes(tx, vaultId, change.purgeDocIds, now);
  for (const path of change.removeFolders) {
    await tx.folder.deleteMany({ where: { vaultId, pathKey: pathKey(path) } });
  }
  for (const path of change.putFolders) {
    const key = pathKey(path);
    await tx.folder.upsert({
      where: { vaultId_pathKey: { vaultId, pathKey: key } },
      create: { vaultId, pathKey: key, path, createdAt: now },
      update: { path },
    });
  }
}

/** Deletes notes and their documents for good and retires their ids (TR3, DOC2). */
export async function purgeNotes(tx: Tx, vaultId: string, docIds: readonly string[], now: Date): Promise<void> {
  const ids = [...docIds];
  await tx.noteDocument.deleteMany({ where: { docId: { in: ids } } });
  // TR3: a purged note's history goes with it (a trashed one keeps its history).
  await tx.noteVersion.deleteMany({ where: { docId: { in: ids } } });
  // ATT9: an attachment's row goes too; its bytes leave the disk at the next sweep if nothing else has them.
  await tx.attachment.deleteMany({ where: { docId: { in: ids } } });
  await tx.note.deleteMany({ where: { docId: { in: ids }, vaultId } });
  await removeIndexRows(tx, ids);
  await removeLinkRows(tx, ids);
  await tx.retiredDoc.createMany({
    data: ids.map((docId) => ({ docId, vaultId, purgedAt: now })),
    skipDuplicates: true,
  });
}

/** Whether a change writes anything (a refusal or a replay does not). */
export function changesSomething(change: VaultChange): boolean {
  return (
    change.putNotes.length + change.purgeDocIds.length + change.putFolders.length + change.removeFolders.length > 0
  );
}
