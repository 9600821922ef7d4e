import { formatNoteDocumentName, type VaultRole } from '@baalda/core';
import fc from 'fast-check';
import { appendParagraph, connectPeer, type Peer } from '../clients';
import { addPerson, type Person } from '../people';
import { adminFetch, TEST_OWNER, type TestRelay } from '../relays';
import { createOwnedVault, type OwnedVault, randomId, sendVaultOps } from '../testVaults';

/** The people who attack; the relay's owner (TEST_OWNER) owns every world and is in every private folder. */
export const ATTACKERS = ['alice', 'bob', 'carol'] as const;
export type Attacker = (typeof ATTACKERS)[number];

const FOLDERS = ['HR', 'Board', 'Team/Private', 'Team', 'Open', ''] as const;
const PRIVATE_FOLDERS = ['HR', 'Board', 'Team/Private'] as const;
const NOTES_PER_WORLD = 6;

/** A note of a world, with a word nobody else's text has. */
export interface WorldNote {
  readonly docId: string;
  readonly path: string;
  readonly secret: string;
  /** The id of the owner's op that created it: an op id is no secret either (a mirror's outbox holds it). */
  readonly createdBy: string;
}

/** One vault with random members, private folders and notes, as its owner sees it. */
export interface World {
  readonly vault: OwnedVault;
  readonly notes: readonly WorldNote[];
  /** An id a note of this world had before it was purged: as unusable as a hidden one, and known absent. */
  readonly purgedId: string;
  readonly roles: Readonly<Record<Attacker, VaultRole | null>>;
  readonly restrictions: ReadonlyArray<{ readonly folder: string; readonly members: ReadonlySet<Attacker> }>;
  /** Each member's read-write token for this vault. */
  readonly tokens: Readonly<Partial<Record<Attacker, string>>>;
  /** The owner's open peers on each note: an edit anyone makes shows here. */
  readonly watchers: ReadonlyMap<string, Peer>;
  /** A note each member who may write has in `Scratch/`, to write links into. */
  readonly scratch: Readonly<Partial<Record<Attacker, string>>>;
}

/** What a world is made from: drawn by fast-check so a seed reproduces it. */
export interface WorldPlan {
  readonly roles: Record<Attacker, VaultRole | null>;
  readonly restrictions: Array<{ folder: string; members: Attacker[] }>;
  readonly folders: string[];
}

const role = fc.constantFrom<VaultRole | null>('owner', 'editor', 'editor', 'viewer', null);

/** Worlds where most attackers can read some notes and not others. */
export const WORLD_PLAN: fc.Arbitrary<WorldPlan> = fc.record({
  roles: fc.record({ alice: role, bob: role, carol: role }),
  restrictions: fc.uniqueArray(
    fc.record({ folder: fc.constantFrom(...PRIVATE_FOLDERS), members: fc.subarray([...ATTACKERS]) }),
    { minLength: 1, maxLength: 3, selector: (restriction) => restriction.folder },
  ),
  folders: fc.array(fc.constantFrom(...FOLDERS), { minLength: NOTES_PER_WORLD, maxLength: NOTES_PER_WORLD }),
});

/** The attackers' accounts, each with a vault of their own to attack from. */
export interface Cast {
  readonly people: Readonly<Record<Attacker, Person>>;
  /** Each attacker's token for a vault only they are in. */
  readonly homeTokens: Readonly<Record<Attacker, string>>;
  readonly homeVaults: Readonly<Record<Attacker, string>>;
}

/** Creates alice, bob and carol, each with a vault of their own. */
export async function createCast(relay: TestRelay): Promise<Cast> {
  const people = {} as Record<Attacker, Person>;
  const homeTokens = {} as Record<Attacker, string>;
  const homeVaults = {} as Record<Attacker, string>;
  for (const name of ATTACKERS) {
    const person = await addPerson(relay, name, 'viewer');
    const created = await person.browserFetch('/api/vaults', {
      method: 'POST',
      body: JSON.stringify({ name: `${name} home` }),
    });
    const vaultId = ((await created.json()) as { vault: { id: string } }).vault.id;
    people[name] = person;
    homeVaults[name] = vaultId;
    homeTokens[name] = await mintToken(relay, person.email, vaultId);
  }
  return { people, homeTokens, homeVaults };
}

/** Builds a world on the relay from its plan: members, notes with their secret words, private folders, a purge. */
export async function buildWorld(relay: TestRelay, cast: Cast, plan: WorldPlan, index: number): Promise<World> {
  const vault = await createOwnedVault(relay);
  const tokens: Partial<Record<Attacker, string>> = {};
  for (const name of ATTACKERS) {
    const granted = plan.roles[name];
    if (granted === null) continue;
    await adminPut(relay, `/api/admin/vaults/${vault.vaultId}/members`, {
      email: cast.people[name].email,
      role: granted,
    });
    tokens[name] = await mintToken(relay, cast.people[name].email, vault.vaultId);
  }
  const notes = plan.folders.map((folder, k) => ({
    docId: randomId(),
    createdBy: randomId(),
    path: folder === '' ? `Note ${k}.md` : `${folder}/Note ${k}.md`,
    secret: `zqsecret${index}w${k}x${randomId()
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`,
  }));
  const purgedId = randomId();
  const scratch: Partial<Record<Attacker, string>> = {};
  for (const name of ATTACKERS)
    if (plan.roles[name] === 'editor' || plan.roles[name] === 'owner') scratch[name] = randomId();
  await sendVaultOps(relay, vault, [
    ...Object.entries(scratch).map(([name, docId]) => ({
      opId: randomId(),
      kind: 'createNote' as const,
      docId,
      path: `Scratch/${name}.md`,
      createdAt: Date.UTC(2026, 10, 1),
    })),
    ...notes.map((note) => ({
      opId: note.createdBy,
      kind: 'createNote' as const,
      docId: note.docId,
      path: note.path,
      createdAt: Date.UTC(2026, 10, 1),
    })),
    { opId: randomId(), kind: 'createNote', docId: purgedId, path: 'Gone.md', createdAt: Date.UTC(2026, 10, 1) },
    { opId: randomId(), kind: 'trashNote', docId: purgedId },
    { opId: randomId(), kind: 'purgeNote', docId: purgedId },
  ]);
  const watchers = new Map<string, Peer>();
  for (const note of notes) {
    const peer = await connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(note.docId));
    appendParagraph(peer.doc, `The ${note.secret} plan.`);
    watchers.set(note.docId, peer);
  }
  const restrictions = plan.restrictions.map(({ folder, members }) => ({
    folder,
    members: new Set(members.filter((name) => plan.roles[name] !== null)),
  }));
  for (const { folder, members } of restrictions) {
    const memberEmails = [TEST_OWNER.email, ...[...members].map((name) => cast.people[name].email)];
    await adminPut(relay, `/api/admin/vaults/${vault.vaultId}/restrictions`, { path: folder, memberEmails });
  }
  return { vault, notes, purgedId, roles: plan.roles, restrictions, tokens, watchers, scratch };
}

/**
 * The test's own statement of who may read a note (ACL1, ACL2), written apart from core's decision so that a
 * wrong decision can't agree with itself: a role in the vault, and membership of every private folder the note
 * lies in.
 */
export function mayRead(world: World, who: Attacker, path: string): boolean {
  if (world.roles[who] === null) return false;
  return world.restrictions.every(
    ({ folder, members }) => !(path.toLowerCase().startsWith(`${folder.toLowerCase()}/`) && !members.has(who)),
  );
}

async function mintToken(relay: TestRelay, email: string, vaultId: string): Promise<string> {
  const minted = await adminFetch(relay, '/api/admin/tokens', {
    method: 'POST',
    body: JSON.stringify({ email, vaultId }),
  });
  if (minted.status !== 201)
    throw new Error(`token for ${email} in ${vaultId}: ${minted.status} ${await minted.text()}`);
  return ((await minted.json()) as { secret: string }).secret;
}

async function adminPut(relay: TestRelay, path: string, body: unknown): Promise<void> {
  const answer = await adminFetch(relay, path, { method: 'PUT', body: JSON.stringify(body) });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
}
