import { z } from 'zod';
import { LIMITS } from '../limits/limits';

/**
 * PRES1: how a person appears to the others in a note: the account id (so two tabs of one person show
 * once, and a person never sees their own tabs), the name the account gave and a colour derived from
 * the id. Nothing else of the account, never the email.
 */
export interface PresenceUser {
  readonly id: string;
  readonly name: string;
  /** `#rrggbb`: y-prosemirror draws a selection in this colour with an alpha suffix. */
  readonly color: string;
}

/**
 * PRES2: the colours people are told apart by. Each carries white text at a contrast of at least
 * 4.5:1 (WCAG AA), so initials on an avatar and a name on a caret's label stay readable.
 */
export const PRESENCE_PALETTE = [
  '#B42318',
  '#B54708',
  '#027A48',
  '#0E7090',
  '#175CD3',
  '#5925DC',
  '#C11574',
  '#4E5BA6',
] as const;

/** PRES1: what a person without a name is called (a name is optional at sign-up; the email is never shown). */
export const UNNAMED_PERSON = 'Unnamed member';

/**
 * PRES2: the colour of an account, the same on every device and relay: FNV-1a of the id, modulo the
 * palette.
 * @example presenceColorOf('u_alice') === presenceColorOf('u_alice') // true, and one of PRESENCE_PALETTE
 */
export function presenceColorOf(accountId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < accountId.length; index += 1) {
    hash ^= accountId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PRESENCE_PALETTE[hash % PRESENCE_PALETTE.length] ?? PRESENCE_PALETTE[0];
}

/** PRES1: the presence of an account: its trimmed name (at most LIM9's length) or UNNAMED_PERSON, and its colour. */
export function presenceUserOf(account: { readonly id: string; readonly name: string }): PresenceUser {
  const name = [...account.name.trim()].slice(0, LIMITS.maxNameLength).join('');
  return { id: account.id, name: name || UNNAMED_PERSON, color: presenceColorOf(account.id) };
}

// A Yjs ID as JSON: the numbers are uint53 in the encoding, so anything else is not from a Yjs client.
const YJS_ID = z.object({ client: z.number().int().nonnegative(), clock: z.number().int().nonnegative() });

// `Y.RelativePosition` as JSON (what y-prosemirror puts in awareness); `tname` names a root type.
const RELATIVE_POSITION = z.object({
  type: YJS_ID.nullable(),
  tname: z.string().max(LIMITS.maxDocumentNameLength).nullable(),
  item: YJS_ID.nullable(),
  assoc: z.number().int(),
});

/** PRES6: where a person's caret (head) and selection (anchor to head) are, as y-prosemirror shares them. */
export const PRESENCE_CURSOR = z.object({ anchor: RELATIVE_POSITION, head: RELATIVE_POSITION });

/** PRES6: a caret's place. */
export type PresenceCursor = z.infer<typeof PRESENCE_CURSOR>;

const PRESENCE_USER = z.object({
  // Account ids are short; the bound is only against a forged state.
  id: z.string().min(1).max(LIMITS.maxDocumentNameLength),
  // Code points are counted by presenceUserOf; here only a bound on UTF-16 units (two per code point at most).
  name: z
    .string()
    .min(1)
    .max(LIMITS.maxNameLength * 2),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
});

/** PRES4: a person's awareness state in a note they have on screen. */
export interface PresenceState {
  readonly user: PresenceUser;
  readonly cursor: PresenceCursor | null;
}

/** PRES4: reads an awareness state; null unless it announces a person (a note synced in the background does not). */
export function readPresenceState(state: unknown): PresenceState | null {
  if (!isRecord(state)) return null;
  const user = PRESENCE_USER.safeParse(state.user);
  if (!user.success) return null;
  const cursor = PRESENCE_CURSOR.safeParse(state.cursor);
  return { user: user.data, cursor: cursor.success ? cursor.data : null };
}

/**
 * PRES7: the state the relay passes on for a state a client sent as `person`: empty unless it announces
 * someone (a note open only for background sync says nothing), else `person` with the caret if it has a
 * well-formed one. Whatever else a client put in its state is dropped, and the person is the relay's,
 * not the client's: nobody can appear as someone else.
 */
export function presenceStateFor(state: unknown, person: PresenceUser): Record<string, unknown> {
  if (!isRecord(state) || state.user === null || state.user === undefined) return {};
  const cursor = PRESENCE_CURSOR.safeParse(state.cursor);
  return {
    user: { id: person.id, name: person.name, color: person.color },
    cursor: cursor.success ? cursor.data : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
