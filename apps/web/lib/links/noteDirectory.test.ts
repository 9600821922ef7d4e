import type { VaultNote } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { noteLinkChoices, pickerQueryOf } from '../../components/editor/links/noteLinkChoices';
import { shownNoteLink } from '../../components/editor/links/noteLinkLabel';
import { NoteDirectory } from './noteDirectory';

function note(docId: string, path: string): VaultNote {
  return { docId, path, createdAt: 0, updatedAt: 0, deletedAt: null, conflictOf: null } as VaultNote;
}

const NOTES = [
  note('roadmap', 'Plans/Roadmap.md'),
  note('road-trip', 'Travel/Road trip 2026.md'),
  note('old-roadmap', 'Archive/Plans/Old roadmap.md'),
  note('diagram', 'Attachments/roadmap.png'),
  note('ideas', 'Ideas.md'),
];

function directoryOf(notes = NOTES): NoteDirectory {
  const directory = new NoteDirectory();
  directory.setNotes(notes);
  return directory;
}

describe('the note directory behind links', () => {
  it('[LINK3] candidates hold every word typed, titles starting with it first, notes before files', () => {
    const directory = directoryOf();
    expect(directory.candidates('road').map((found) => found.docId)).toEqual([
      'roadmap',
      'road-trip',
      'diagram',
      'old-roadmap',
    ]);
    expect(directory.candidates('plans old').map((found) => found.docId)).toEqual(['old-roadmap']);
    expect(directory.candidates('')).toHaveLength(5);
    expect(directory.candidates('nothing like it')).toEqual([]);
  });

  it('[LINK3, LINK4] the picker offers a new note only when no note has the name typed, and only to writers', () => {
    const directory = directoryOf();
    expect(noteLinkChoices(directory, pickerQueryOf('Roadmap'), true).at(-1)).toMatchObject({ kind: 'note' });
    expect(noteLinkChoices(directory, pickerQueryOf('Budget 2027'), true)).toEqual([
      { kind: 'new', target: 'Budget 2027' },
    ]);
    expect(noteLinkChoices(directory, pickerQueryOf('Budget 2027'), false)).toEqual([]);
    expect(pickerQueryOf('Roadmap#Q3|the plan')).toEqual({ target: 'Roadmap', heading: 'Q3', alias: 'the plan' });
  });

  it('[LINK2] a link shows its note’s title now, its alias, or the name it was made with', () => {
    const directory = directoryOf();
    const link = { docId: 'roadmap', target: 'Roadmap', heading: null, alias: null };
    expect(shownNoteLink(link, directory)).toEqual({ label: 'Roadmap', opens: 'roadmap', resolved: true });
    directory.setNotes(
      NOTES.map((entry) => (entry.docId === 'roadmap' ? note('roadmap', 'Q3/Plan of record.md') : entry)),
    );
    expect(shownNoteLink(link, directory).label).toBe('Plan of record');
    expect(shownNoteLink({ ...link, heading: 'Goals' }, directory).label).toBe('Plan of record › Goals');
    expect(shownNoteLink({ ...link, alias: 'the plan' }, directory).label).toBe('the plan');
    const unresolved = { docId: null, target: 'Budget 2027', heading: null, alias: null };
    expect(shownNoteLink(unresolved, directory)).toEqual({ label: 'Budget 2027', opens: null, resolved: false });
    // A note made later with that name resolves the link (Obsidian's way).
    directory.setNotes([...NOTES, note('budget', 'Budget 2027.md')]);
    expect(shownNoteLink(unresolved, directory)).toEqual({ label: 'Budget 2027', opens: 'budget', resolved: true });
  });

  it('[LINK2, LNK3] a link shows the name it was typed with while that name finds its note, as Obsidian does', () => {
    const directory = directoryOf();
    const typed = { docId: 'roadmap', target: 'plans/ROADMAP', heading: 'Q3', alias: null };
    expect(shownNoteLink(typed, directory).label).toBe('plans/ROADMAP › Q3');
    expect(shownNoteLink({ docId: 'ideas', target: 'ideas', heading: null, alias: null }, directory)).toEqual({
      label: 'ideas',
      opens: 'ideas',
      resolved: true,
    });
    // Moved: the typed path names no note now, so the link shows its note's title.
    directory.setNotes(NOTES.map((entry) => (entry.docId === 'roadmap' ? note('roadmap', 'Done/Roadmap.md') : entry)));
    expect(shownNoteLink(typed, directory).label).toBe('Roadmap › Q3');
  });

  it('[LNK8] a link holds a docId only where every reader of its note may read the target', () => {
    const directory = directoryOf([...NOTES, note('pay', 'HR/Pay.md'), note('hr-notes', 'HR/Notes.md')]);
    // Unknown private folders (offline since the page loaded): only the note's own folder and those above it.
    expect(directory.mayLinkFrom('roadmap', 'Plans/Old.md')).toBe(true);
    expect(directory.mayLinkFrom('roadmap', 'Ideas.md')).toBe(true);
    expect(directory.mayLinkFrom('roadmap', 'Travel/Road trip 2026.md')).toBe(false);
    directory.setPrivateFolders(new Set(['hr']));
    expect(directory.mayLinkFrom('roadmap', 'Travel/Road trip 2026.md')).toBe(true);
    expect(directory.mayLinkFrom('roadmap', 'HR/Pay.md')).toBe(false);
    expect(directory.mayLinkFrom('hr-notes', 'HR/Pay.md')).toBe(true);
    expect(directory.mayLinkFrom('hr-notes', 'Ideas.md')).toBe(true);
    // A note this device doesn't know, or no note at all: no docId.
    expect(directory.mayLinkFrom('nowhere', 'Ideas.md')).toBe(false);
    expect(directory.mayLinkFrom(null, 'Ideas.md')).toBe(false);
  });

  it('[LINK1] subscribers hear every change of the notes, and only changes', () => {
    const directory = directoryOf();
    let heard = 0;
    const stop = directory.subscribe(() => {
      heard += 1;
    });
    directory.setNotes(NOTES);
    directory.setNotes([...NOTES]);
    stop();
    directory.setNotes([]);
    expect(heard).toBe(1);
    expect(directory.version()).toBe(3);
  });
});
