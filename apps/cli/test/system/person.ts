import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { applyChange, blocksOf, newNoteText, pickChange, readMarkers } from './paragraphEdits';
import { markersIn, noteKeyOf, type WriteLedger } from './writeLedger';

const FOLDERS = ['Notes', 'Notes/Later', 'Plans', 'Desk'];
const NAMES = ['Plan.md', 'Ideas.md', 'Todo.md', 'Week.md', 'Draft.md'];

/**
 * A person working in the mirrored folder with an editor: saves in place (`O_TRUNC`, as nano) or by writing
 * a temporary file and renaming it over the note (vim, VS Code, Obsidian), new files, renames and deletes.
 * Each step is synchronous, as one save is. A step that finds its file gone (the mirror moved or removed it
 * meanwhile) does nothing.
 */
export class Person {
  private saves = 0;

  constructor(
    readonly dir: string,
    private readonly ledger: WriteLedger,
  ) {}

  /** One random change on disk; says what it did. */
  act(random: () => number): string {
    const roll = random();
    try {
      const files = noteFiles(this.dir);
      if (files.length === 0 || roll < 0.12) return this.create(random);
      const path = files[Math.floor(random() * files.length)] as string;
      if (roll < 0.8) return this.edit(path, random);
      if (roll < 0.92) return this.move(path, random);
      return this.remove(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'found a file gone';
      throw error;
    }
  }

  private edit(path: string, random: () => number): string {
    const file = this.fileOf(path);
    const before = statSync(file).ino;
    const text = readFileSync(file, 'utf8');
    const note = noteKeyOf(text);
    const marker = this.ledger.nextMarker('person');
    const change = pickChange(text, marker, random);
    const inPlace = random() < 0.5;
    const saved = applyChange(text, change, random);
    if (change.kind === 'remove') this.ledger.recordRemoval(change.root, { by: 'person', note });
    else
      this.ledger.record({
        marker,
        writer: 'person',
        note,
        root: change.kind === 'amend' ? change.root : null,
        status: 'kept',
      });
    if (inPlace) writeFileSync(file, saved);
    else this.saveByRename(file, saved);
    // A save can only undo what the mirror wrote between the read and the save. In place, a rewrite shows
    // as a new inode; a rename hides it, so such a save always counts as one that may have.
    if (!inPlace || statSync(file).ino !== before) {
      this.ledger.recordOverwrite({
        note,
        by: 'person',
        read: readMarkers(text),
        answeredAt: Date.now(),
        what: `the person's save of ${path}`,
      });
    }
    const what = `${change.kind} ${change.kind === 'remove' ? change.root : marker}`;
    return `${inPlace ? 'saved' : 'saved by rename'} ${path}: ${what} [${blocksOf(saved).join(' | ')}]`;
  }

  private create(random: () => number): string {
    const path = `${pick(FOLDERS, random)}/${pick(NAMES, random)}`;
    const file = this.fileOf(path);
    if (exists(file)) return `left ${path} (there already)`;
    const key = this.ledger.nextNoteKey();
    const marker = this.ledger.nextMarker('person');
    this.ledger.record({ marker, writer: 'person', note: key, root: null, status: 'kept' });
    mkdirSync(dirname(file), { recursive: true });
    this.saveByRename(file, newNoteText(key, marker));
    return `created ${path} (${key})`;
  }

  private move(path: string, random: () => number): string {
    const target = `${pick(FOLDERS, random)}/${pick(NAMES, random)}`;
    if (exists(this.fileOf(target))) return `left ${path} (${target} is there)`;
    mkdirSync(dirname(this.fileOf(target)), { recursive: true });
    renameSync(this.fileOf(path), this.fileOf(target));
    return `moved ${path} to ${target}`;
  }

  private remove(path: string): string {
    const text = readFileSync(this.fileOf(path), 'utf8');
    rmSync(this.fileOf(path));
    this.ledger.recordDiscarded(markersIn(text), 'person', `the person deleted ${path}`);
    return `deleted ${path}`;
  }

  private saveByRename(file: string, text: string): void {
    this.saves += 1;
    const temp = join(this.dir, '.saving', `${this.saves}.tmp`);
    mkdirSync(dirname(temp), { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, file);
  }

  private fileOf(path: string): string {
    return join(this.dir, ...path.split('/'));
  }
}

/**
 * Every note file in `dir` as vault paths, sorted. Dot-folders (the mirror's, the editor's) are never
 * entered: a recursive listing went into `.baalda/tmp/` just as the starting mirror cleared it, and failed.
 * A folder that goes away while it is listed (the mirror removing an emptied one) is skipped.
 */
export function noteFiles(dir: string, folder = ''): string[] {
  const paths: string[] = [];
  for (const entry of listFolder(join(dir, folder))) {
    if (entry.name.startsWith('.')) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...noteFiles(dir, path));
    else if (entry.isFile() && entry.name.endsWith('.md')) paths.push(path);
  }
  return paths.sort();
}

function listFolder(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}
