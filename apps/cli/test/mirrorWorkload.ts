import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runPooled, type TestRelay } from 'baalda-relay/testing';
import type { ApiNote } from '../src/relayClient';
import { readText, relayMarkdown, type TestVault } from './mirrorFixtures';

/** The text a note's file holds when it is these paragraphs (as the mirror writes it, MD2). */
export function textOf(paragraphs: readonly string[]): string {
  return `${paragraphs.join('\n\n')}\n`;
}

/** The paragraphs of a note's Markdown, in order. */
export function paragraphsOf(markdown: string): string[] {
  return markdown
    .split('\n\n')
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * A person working in a mirrored folder, at random from a seed: notes edited (a paragraph appended),
 * created, renamed and deleted, attachments created, renamed and deleted. It keeps what the vault must
 * hold once the mirror caught up. Files are saved whole (written in the ignored dot-folder `.saving/`, then
 * renamed into place), as editors that save atomically do, with synchronous calls, so a mirror running in
 * the same process never sees half of a step.
 */
export class DiskWorkload {
  /** Each note's path and the paragraphs it must hold. */
  readonly notes = new Map<string, string[]>();
  /** Each attachment's path and bytes. */
  readonly attachments = new Map<string, Buffer>();
  /** Notes another device edits too: only ever edited here, so every edit has one note to end up in. */
  readonly shared = new Set<string>();
  private made = 0;

  constructor(
    readonly dir: string,
    private readonly random: () => number,
  ) {}

  /** Writes `count` notes in `folders` folders (`Seed <n>/Note <i>.md`), the first `shared` of them shared. */
  seed(count: number, folders: number, shared = 0): void {
    for (let index = 0; index < count; index += 1) {
      const path = `Seed ${index % folders}/Note ${index}.md`;
      this.save(path, textOf([`Seed note ${index}`]));
      this.notes.set(path, [`Seed note ${index}`]);
      if (index < shared) this.shared.add(path);
    }
  }

  /** One random change on disk; returns what it did, for failure messages. */
  step(): string {
    const roll = this.random();
    const movable = [...this.notes.keys()].filter((path) => !this.shared.has(path));
    movable.push(...this.attachments.keys());
    if (roll < 0.4 || movable.length < 10) return this.edit();
    if (roll < 0.65) return this.create();
    const path = movable[Math.floor(this.random() * movable.length)] as string;
    return roll < 0.85 ? this.rename(path) : this.remove(path);
  }

  /** Every vault path the workload leaves, sorted. */
  paths(): string[] {
    return [...this.notes.keys(), ...this.attachments.keys()].sort();
  }

  private edit(): string {
    const shared = [...this.shared];
    const pool = shared.length > 0 && this.random() < 0.35 ? shared : [...this.notes.keys()];
    const path = pool[Math.floor(this.random() * pool.length)] as string;
    const paragraph = `Edit ${this.next()} of ${path}`;
    // The file as it is now (another device's edits merged in), plus a paragraph: what a person saves.
    this.save(path, `${readFileSync(this.fileOf(path), 'utf8')}\n${paragraph}\n`);
    this.notes.get(path)?.push(paragraph);
    return `edited ${path}`;
  }

  private create(): string {
    const number = this.next();
    if (this.random() < 0.2) {
      const path = `Files/blob ${number}.bin`;
      const bytes = Buffer.from(Array.from({ length: 64 + number * 7 }, () => Math.floor(this.random() * 256)));
      this.save(path, bytes);
      this.attachments.set(path, bytes);
      return `created ${path}`;
    }
    const path = `New ${number % 4}/Created ${number}.md`;
    this.save(path, textOf([`Created note ${number}`]));
    this.notes.set(path, [`Created note ${number}`]);
    return `created ${path}`;
  }

  private rename(path: string): string {
    const number = this.next();
    const name = (path.split('/').pop() as string).replace(/(\.[a-z]+)$/, ` moved ${number}$1`);
    const target = `Moved ${number % 3}/${name}`;
    mkdirSync(dirname(this.fileOf(target)), { recursive: true });
    renameSync(this.fileOf(path), this.fileOf(target));
    moveKey(this.notes, path, target);
    moveKey(this.attachments, path, target);
    return `renamed ${path} to ${target}`;
  }

  private remove(path: string): string {
    rmSync(this.fileOf(path));
    this.notes.delete(path);
    this.attachments.delete(path);
    return `deleted ${path}`;
  }

  private save(path: string, content: string | Buffer): void {
    const temp = join(this.dir, '.saving', `${this.next()}`);
    mkdirSync(dirname(temp), { recursive: true });
    writeFileSync(temp, content);
    mkdirSync(dirname(this.fileOf(path)), { recursive: true });
    renameSync(temp, this.fileOf(path));
  }

  private fileOf(path: string): string {
    return join(this.dir, ...path.split('/'));
  }

  private next(): number {
    this.made += 1;
    return this.made;
  }
}

function moveKey<T>(map: Map<string, T>, from: string, to: string): void {
  const value = map.get(from);
  if (value === undefined) return;
  map.delete(from);
  map.set(to, value);
}

/**
 * What keeps the vault and the folder from holding what the workload did (empty once the mirror caught
 * up): the tree's paths, each note's text on the relay (read by a fresh peer) with `elsewhere`'s
 * paragraphs merged in (another device's, in any order), each attachment's bytes, and every file on disk
 * holding exactly the relay's text.
 */
export async function vaultProblems(
  workload: DiskWorkload,
  relay: TestRelay,
  vault: TestVault,
  elsewhere: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<string[]> {
  const tree = (await vault.client.tree()).notes;
  const problems = differences('tree', workload.paths(), tree.map((note) => note.path).sort());
  problems.push(...differences('disk', workload.paths(), await filesIn(workload.dir)));
  const perEntry = await runPooled(tree, 6, (note) => entryProblems(workload, relay, vault, note, elsewhere));
  return [...problems, ...perEntry.flat()];
}

/** Waits until `vaultProblems` finds none; fails with the last ones found, followed by `context()`. */
export async function untilVaultHolds(
  workload: DiskWorkload,
  peers: { relay: TestRelay; vault: TestVault },
  options: { elsewhere?: ReadonlyMap<string, readonly string[]>; timeoutMs: number; context: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const problems = await vaultProblems(workload, peers.relay, peers.vault, options.elsewhere);
    if (problems.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${problems.join('\n')}\n${options.context()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function entryProblems(
  workload: DiskWorkload,
  relay: TestRelay,
  vault: TestVault,
  note: ApiNote,
  elsewhere: ReadonlyMap<string, readonly string[]>,
): Promise<string[]> {
  const bytes = workload.attachments.get(note.path);
  if (bytes) {
    const served = Buffer.from(await (await vault.client.downloadAttachment(note.docId)).arrayBuffer());
    return served.equals(bytes) ? [] : [`${note.path}: the relay serves ${served.length} other bytes`];
  }
  const own = workload.notes.get(note.path);
  if (!own) return [];
  const markdown = await relayMarkdown(relay, vault, note.docId);
  const problems: string[] = [];
  const others = elsewhere.get(note.path) ?? [];
  const wanted = others.length === 0 ? textOf(own) : textOf([...own, ...others].sort());
  const held = others.length === 0 ? markdown : textOf(paragraphsOf(markdown).sort());
  if (held !== wanted)
    problems.push(`${note.path}: the relay has ${JSON.stringify(markdown)}, not ${JSON.stringify(wanted)}`);
  const file = await readText(workload.dir, note.path);
  if (file !== markdown)
    problems.push(`${note.path}: the file holds ${JSON.stringify(file)}, the relay ${JSON.stringify(markdown)}`);
  return problems;
}

function differences(where: string, wanted: readonly string[], found: readonly string[]): string[] {
  const missing = wanted.filter((path) => !found.includes(path));
  const extra = found.filter((path) => !wanted.includes(path));
  if (missing.length === 0 && extra.length === 0) return [];
  return [`${where}: missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`];
}

/** Every file under `dir` but in dot-folders (the mirror's own, the workload's saves), as vault paths, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.split('/').some((segment) => segment.startsWith('.')))
    .sort();
}
