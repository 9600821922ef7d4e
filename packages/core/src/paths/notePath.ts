import { LIMITS } from '../limits/limits';
import { type Failure, fail } from '../result';
import { findInvisibleCharacter, findMixedScriptWord, hasLoneSurrogate } from './deceptiveNames';

/** Why a path was refused; `rule` is the SPEC id the message explains. */
export interface PathFailure extends Failure<'PATH_INVALID'> {
  readonly rule: PathRule;
}

/** The path rules of SPEC.md. */
export type PathRule =
  | 'PATH1'
  | 'PATH2'
  | 'PATH3'
  | 'PATH4'
  | 'PATH5'
  | 'PATH6'
  | 'PATH7'
  | 'PATH8'
  | 'PATH11'
  | 'PATH12'
  | 'PATH13'
  | 'PATH14'
  | 'PATH15';

/** What a tree entry is, read from its path (PATH11): `.md` files are notes, every other file an attachment. */
export type EntryKind = 'note' | 'attachment';

/** A path that passed validation, in NFC. */
export type PathResult = { readonly ok: true; readonly path: string } | PathFailure;

/** The extension every note path ends with (PATH8). */
export const NOTE_EXTENSION = '.md';

// PATH5: characters Windows and macOS disks refuse in names; a vault must mirror to any disk.
const DISK_RESERVED_CHARACTERS = /[<>:"|?*]/u;
// PATH5: names Windows reserves whatever the extension.
const WINDOWS_RESERVED_NAMES = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/iu;
// PATH3: C0 and C1 control characters and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;

function refuse(rule: PathRule, message: string): PathFailure {
  return { ...fail('PATH_INVALID', `${rule}: ${message}`), rule };
}

/**
 * Checks a folder path (PATH1–PATH7, PATH12–PATH15) and returns it in NFC. Every path a person, a tool or
 * a file names on its way into a vault passes here, whatever the channel.
 * @example validateFolderPath('Policies/2026') // { ok: true, path: 'Policies/2026' }
 */
export function validateFolderPath(raw: string): PathResult {
  return checkPath(raw, { incoming: true });
}

/**
 * Checks a folder that only narrows a read (a search's or a listing's `folder`): PATH1–PATH7 and PATH13,
 * not the rules for names coming in (PATH12, PATH14, PATH15), so a folder stored before those rules can
 * still be searched and listed.
 * @example validateFolderFilter('H\u200bR').ok // true
 */
export function validateFolderFilter(raw: string): PathResult {
  return checkPath(raw, { incoming: false });
}

function checkPath(raw: string, { incoming }: { incoming: boolean }): PathResult {
  if (typeof raw !== 'string') return refuse('PATH1', 'A path must be text.');
  // Before anything quotes the path: a message holding a lone surrogate could not be stored or sent either.
  if (hasLoneSurrogate(raw)) return refuse('PATH13', 'A path must be well-formed Unicode (it holds a lone surrogate).');
  const path = raw.normalize('NFC');
  if (path.length === 0) return refuse('PATH1', 'A path must not be empty.');
  if (Array.from(path).length > LIMITS.maxPathLength) {
    return refuse('PATH7', `A path must be at most ${LIMITS.maxPathLength} characters.`);
  }
  if (path.includes('\\')) return refuse('PATH4', 'Use "/" between folders; "\\" is not allowed.');
  if (CONTROL_CHARACTERS.test(path)) return refuse('PATH3', 'A path must not contain control characters.');
  for (const segment of path.split('/')) {
    const failure = checkSegment(segment, incoming);
    if (failure) return failure;
  }
  return { ok: true, path };
}

/**
 * PATH12: the refusal when a name along `path` starts with "." (`.git/config`, `Sub/.obsidian/x.md`), else
 * null. Tools act on such names when a vault lands on a disk (`git status` runs a `.git/config`'s fsmonitor,
 * Obsidian loads `.obsidian/plugins`), so no channel stores them, and export and the mirror never write one
 * the relay holds from before this rule.
 * @example refuseDotName('Sub/.git/config')?.rule // 'PATH12'
 */
export function refuseDotName(path: string): PathFailure | null {
  const name = path.split('/').find((segment) => segment.startsWith('.') && segment !== '.' && segment !== '..');
  if (name === undefined) return null;
  return refuse(
    'PATH12',
    `"${name}" starts with "."; such names belong to tools (.git, .obsidian) and are never stored.`,
  );
}

function checkSegment(segment: string, incoming: boolean): PathFailure | null {
  if (segment.length === 0) return refuse('PATH1', 'A path must not start or end with "/" or contain "//".');
  if (segment === '.' || segment === '..') return refuse('PATH2', 'A path must not contain "." or ".." as a name.');
  const named = incoming ? (checkDeception(segment) ?? refuseDotName(segment)) : null;
  if (named) return named;
  if (/[. ]$/u.test(segment)) return refuse('PATH6', `"${segment}" must not end with a dot or a space.`);
  if (/^\s/u.test(segment)) return refuse('PATH6', `"${segment}" must not start with a space.`);
  if (DISK_RESERVED_CHARACTERS.test(segment)) return refuse('PATH5', `"${segment}" must not contain < > : " | ? *.`);
  if (WINDOWS_RESERVED_NAMES.test(segment)) return refuse('PATH5', `"${segment}" is a name Windows reserves.`);
  if (utf8Length(segment) > LIMITS.maxPathSegmentBytes) {
    return refuse('PATH7', `Each name must be at most ${LIMITS.maxPathSegmentBytes} bytes of UTF-8.`);
  }
  return null;
}

// PATH14, PATH15: the character is named by its code point, never quoted: quoted, it would hide in the message too.
function checkDeception(segment: string): PathFailure | null {
  const invisible = findInvisibleCharacter(segment);
  if (invisible) {
    return refuse('PATH14', `A name must not hold invisible or direction-changing characters (${invisible}).`);
  }
  const mixed = findMixedScriptWord(segment);
  if (mixed) {
    const [first, second] = mixed.scripts;
    return refuse(
      'PATH15',
      `"${mixed.word}" mixes ${first} and ${second} letters in one word; it could pass for another name.`,
    );
  }
  return null;
}

/**
 * Checks a note path: a folder path whose last name ends in `.md` and has a name before it (PATH8).
 * @example validateNotePath('Policies/Refunds.md') // { ok: true, path: 'Policies/Refunds.md' }
 */
export function validateNotePath(raw: string): PathResult {
  const checked = validateFolderPath(raw);
  if (!checked.ok) return checked;
  const name = fileNameOf(checked.path);
  if (!name.toLowerCase().endsWith(NOTE_EXTENSION) || name.length === NOTE_EXTENSION.length) {
    return refuse('PATH8', 'A note path must end in a name followed by ".md".');
  }
  return checked;
}

/**
 * PATH11: an attachment path is a valid path whose name does not end in `.md` (that would be a note).
 * @example validateAttachmentPath('Reports/Q3 figures.pdf') // { ok: true, path: 'Reports/Q3 figures.pdf' }
 */
export function validateAttachmentPath(raw: string): PathResult {
  const checked = validateFolderPath(raw);
  if (!checked.ok) return checked;
  if (entryKindOf(checked.path) === 'note') {
    return refuse('PATH11', 'A file ending in ".md" is a note, not an attachment.');
  }
  return checked;
}

/** PATH11: a note path (PATH8) or an attachment path, whichever `kind` asks for. */
export function validateEntryPath(raw: string, kind: EntryKind): PathResult {
  return kind === 'note' ? validateNotePath(raw) : validateAttachmentPath(raw);
}

/** PATH11: the kind a path names: a note when its name ends in `.md`, else an attachment. */
export function entryKindOf(path: string): EntryKind {
  return fileNameOf(path).toLowerCase().endsWith(NOTE_EXTENSION) ? 'note' : 'attachment';
}

/**
 * A name's extension as written (`.pdf`, `.md`), or '' when it has none; a leading dot (`.env`) is part of
 * the name, not an extension.
 */
export function extensionOf(path: string): string {
  const name = fileNameOf(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot);
}

/**
 * The key two paths are compared by (PATH9): NFC, then full case folding approximated by upper- then
 * lower-casing (so "Straße" and "STRASSE" collide, as on a case-insensitive disk).
 */
export function pathKey(path: string): string {
  return path.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** The last name of a path. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folder a path is in, or '' for the vault's root. */
export function parentFolderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Joins a folder ('' for the root) and a name. */
export function joinPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** Every folder a path lies in, outermost first: 'a/b/c.md' → ['a', 'a/b']. */
export function ancestorFoldersOf(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/**
 * TTL1: a note's title is its file name without ".md".
 * @example titleFromPath('Policies/Refunds.md') // 'Refunds'
 */
export function titleFromPath(path: string): string {
  const name = fileNameOf(path);
  return name.toLowerCase().endsWith(NOTE_EXTENSION) ? name.slice(0, -NOTE_EXTENSION.length) : name;
}

/** True when `path` is `folder` itself or lies inside it (compared by key). */
export function isInsideFolder(path: string, folder: string): boolean {
  const key = pathKey(path);
  const folderKey = pathKey(folder);
  return key === folderKey || key.startsWith(`${folderKey}/`);
}

// Core has no TextEncoder (no DOM or Node types): count UTF-8 bytes per code point.
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}
