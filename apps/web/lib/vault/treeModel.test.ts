import type { VaultNote } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import type { PendingUpload } from '../uploads/uploadTypes';
import { buildTree, type TreeNode } from './treeModel';

function note(path: string): VaultNote {
  return {
    docId: `id_${path.replace(/[^A-Za-z0-9]/g, '_').padEnd(16, '_')}`,
    path,
    createdAt: 0,
    updatedAt: 0,
    deletedAt: null,
    conflictOf: null,
  };
}

function outline(nodes: readonly TreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'folder'
      ? [`${'  '.repeat(depth)}${node.name}/`, ...outline(node.children, depth + 1)]
      : [`${'  '.repeat(depth)}${node.name}${node.kind === 'upload' ? ` (${node.upload.state})` : ''}`],
  );
}

describe('the tree shown in the sidebar', () => {
  it('puts folders first, then notes, by name, ignoring case and ordering numbers', () => {
    const notes = ['zebra.md', 'Apple.md', 'Untitled 10.md', 'Untitled 2.md', 'Work/b.md', 'Work/A.md'].map(note);
    expect(outline(buildTree(notes, ['Work', 'archive']))).toEqual([
      'archive/',
      'Work/',
      '  A',
      '  b',
      'Apple',
      'Untitled 2',
      'Untitled 10',
      'zebra',
    ]);
  });

  it('nests notes in folders the list leaves out, matching folders by key', () => {
    const notes = [note('Policies/2026/Refunds.md'), note('policies/Intro.md')];
    expect(outline(buildTree(notes, ['Policies']))).toEqual(['Policies/', '  2026/', '    Refunds', '  Intro']);
  });

  it('[ATT8] shows files waiting for upload where they will land, among the notes, until the tree has them', () => {
    const scan = note('Work/Scan.pdf');
    const uploads: PendingUpload[] = [
      upload(scan.docId, 'Work/Scan.pdf'),
      upload('alice_upload_000000001', 'Work/Agenda.docx'),
      upload('alice_upload_000000002', 'Inbox/photo.png', 'failed'),
    ];
    expect(outline(buildTree([scan, note('Work/Plan.md')], ['Work'], uploads))).toEqual([
      'Inbox/',
      '  photo.png (failed)',
      'Work/',
      '  Agenda.docx (queued)',
      '  Plan',
      '  Scan.pdf',
    ]);
  });
});

function upload(docId: string, path: string, state: PendingUpload['state'] = 'queued'): PendingUpload {
  return { docId, path, createdAt: 0, blob: new Blob([]), order: 0, state, failure: null };
}
