import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathKey } from '../paths/notePath';
import { accessDecision, canReadPath, canWritePath } from './accessDecision';
import type { FolderRestriction, Principal } from './accessTypes';
import { hiddenFolderKeys, isHiddenPathKey, likePrefixPatternOf } from './hiddenFolders';
import { isUnderFolderKey } from './privateFolders';

const NOW = Date.UTC(2026, 11, 1);
const USERS = ['alice', 'bob', 'carol'] as const;
// Names that collide by key (PATH9) or would collide in an unescaped LIKE (`_`, `%`).
const FOLDER_NAMES = ['Ops', 'ops', 'HR', 'hr-old', 'Straße', 'STRASSE', 'a_b', 'axb', '50%', '50 and more'];

type LikeToken = { readonly kind: 'any' | 'one' } | { readonly kind: 'char'; readonly char: string };

/** PostgreSQL's LIKE with `\` as escape, over code points: `%` any run, `_` one character, `\x` a literal x. */
function sqlLike(text: string, pattern: string): boolean {
  const tokens: LikeToken[] = [];
  const chars = Array.from(pattern);
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] ?? '';
    if (char === '\\') tokens.push({ kind: 'char', char: chars[++index] ?? '' });
    else if (char === '%') tokens.push({ kind: 'any' });
    else if (char === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char });
  }
  const subject = Array.from(text);
  const matchFrom = (t: number, s: number): boolean => {
    const token = tokens[t];
    if (token === undefined) return s === subject.length;
    if (token.kind === 'any') return matchFrom(t + 1, s) || (s < subject.length && matchFrom(t, s + 1));
    if (s >= subject.length) return false;
    return (token.kind === 'one' || token.char === subject[s]) && matchFrom(t + 1, s + 1);
  };
  return matchFrom(0, 0);
}

/** The relay's search predicate, `NOT (path_key = ANY($hidden) OR path_key LIKE ANY($patterns))`. */
function isCandidateInSql(key: string, hidden: readonly string[]): boolean {
  return !hidden.some((folderKey) => key === folderKey || sqlLike(key, likePrefixPatternOf(folderKey)));
}

const folderPath = fc
  .array(fc.constantFrom(...FOLDER_NAMES), { minLength: 1, maxLength: 3 })
  .map((names) => names.join('/'));
const notePath = fc
  .tuple(fc.option(folderPath, { nil: undefined }), fc.constantFrom('Plan.md', 'plan.md', 'Notes.md'))
  .map(([folder, name]) => (folder === undefined ? name : `${folder}/${name}`));
const restriction = fc
  .tuple(folderPath, fc.subarray([...USERS]))
  .map(([folder, members]): FolderRestriction => ({ folderKey: pathKey(folder), members: new Set(members) }));
const token = fc.record({
  vaultId: fc.constantFrom('v1', 'v1', 'v2'),
  readOnly: fc.boolean(),
  expiresAt: fc.option(fc.integer({ min: NOW - 2, max: NOW + 2 }), { nil: null }),
  revoked: fc.boolean({ trueProbability: 0.2 }),
});
const principal = fc
  .record({
    userId: fc.constantFrom(...USERS),
    role: fc.constantFrom('owner', 'editor', 'viewer', null),
    token: fc.option(token, { nil: undefined }),
  })
  .map(({ token: t, ...rest }): Principal => ({ ...rest, vaultId: 'v1', ...(t === undefined ? {} : { token: t }) }));
const world = fc.record({
  paths: fc.array(fc.oneof(notePath, folderPath), { minLength: 1, maxLength: 30 }),
  restrictions: fc.array(restriction, { maxLength: 6 }),
  principals: fc.array(principal, { minLength: 1, maxLength: 6 }),
});

describe('access properties over random vaults', () => {
  it('[ACL5] a path is readable exactly when no hidden folder key covers it, in memory and in SQL', () => {
    fc.assert(
      fc.property(world, ({ paths, restrictions, principals }) => {
        for (const who of principals) {
          const hidden = hiddenFolderKeys(who, restrictions, NOW);
          for (const path of paths) {
            const key = pathKey(path);
            const readable = canReadPath(who, path, restrictions, NOW);
            if (hidden.all) expect(readable).toBe(false);
            else {
              expect(readable).toBe(!isHiddenPathKey(key, hidden.hidden));
              expect(readable).toBe(isCandidateInSql(key, hidden.hidden));
            }
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('[ACL5] hidden folder keys are sorted and none lies inside another', () => {
    fc.assert(
      fc.property(world, ({ restrictions, principals }) => {
        for (const who of principals) {
          const hidden = hiddenFolderKeys(who, restrictions, NOW);
          if (hidden.all) continue;
          expect([...hidden.hidden].sort()).toEqual(hidden.hidden);
          for (const inner of hidden.hidden) {
            expect(hidden.hidden.filter((outer) => isUnderFolderKey(inner, outer))).toEqual([inner]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[ACL3] a token never reads or writes anything its user, signed in without it, could not', () => {
    fc.assert(
      fc.property(world, ({ paths, restrictions, principals }) => {
        for (const who of principals) {
          const { token: _token, ...user } = who;
          for (const path of paths) {
            if (canReadPath(who, path, restrictions, NOW))
              expect(canReadPath(user, path, restrictions, NOW)).toBe(true);
            if (canWritePath(who, path, restrictions, NOW)) {
              expect(canWritePath(user, path, restrictions, NOW)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('[ACL3] a revoked, expired or other-vault token reads nothing; a read-only one writes nothing', () => {
    fc.assert(
      fc.property(world, ({ paths, restrictions, principals }) => {
        for (const who of principals) {
          const t = who.token;
          if (t === undefined) continue;
          const isDead = t.revoked || (t.expiresAt !== null && NOW >= t.expiresAt) || t.vaultId !== who.vaultId;
          for (const path of paths) {
            const decision = accessDecision(who, path, restrictions, NOW);
            if (isDead) expect(decision.read).toBe(false);
            if (t.readOnly) expect(decision.write).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[ACL1] writing implies reading, a viewer never writes and no role never reads', () => {
    fc.assert(
      fc.property(world, ({ paths, restrictions, principals }) => {
        for (const who of principals) {
          for (const path of paths) {
            const decision = accessDecision(who, path, restrictions, NOW);
            if (decision.write) expect(decision.read).toBe(true);
            if (who.role === 'viewer') expect(decision.write).toBe(false);
            if (who.role === null) expect(decision.read).toBe(false);
            expect(decision.reason === 'OK').toBe(decision.write);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('[ACL2] a path is readable only by members of every restricted folder it lies in, owners included', () => {
    fc.assert(
      fc.property(world, ({ paths, restrictions, principals }) => {
        for (const who of principals) {
          for (const path of paths) {
            const covering = restrictions.filter((r) => isUnderFolderKey(pathKey(path), r.folderKey));
            const isMember = covering.every((r) => r.members.has(who.userId));
            if (!isMember) expect(canReadPath(who, path, restrictions, NOW)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[ACL5] a folder’s LIKE pattern selects exactly the keys inside it, whatever %, _ or \\ they hold', () => {
    const segment = fc
      .array(fc.constantFrom('a', 'b', '%', '_', '\\', '.'), { minLength: 1, maxLength: 3 })
      .map((chars) => chars.join(''));
    const key = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
    fc.assert(
      fc.property(key, fc.array(key, { maxLength: 20 }), (folderKey, others) => {
        const pattern = likePrefixPatternOf(folderKey);
        // Near misses: the folder's key extended, or with its first character swapped.
        const nearMisses = [
          folderKey,
          `${folderKey}/n.md`,
          `${folderKey}x/n.md`,
          `${folderKey.replace(/./u, 'a')}/n.md`,
        ];
        for (const candidate of [...others, ...others.map((other) => `${other}/n.md`), ...nearMisses]) {
          expect(sqlLike(candidate, pattern)).toBe(candidate.startsWith(`${folderKey}/`));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('[ACL5] without escaping, LIKE would hide folders that only look alike (why likePrefixPatternOf escapes)', () => {
    expect(sqlLike('axb/plan.md', 'a_b/%')).toBe(true);
    expect(sqlLike('axb/plan.md', likePrefixPatternOf('a_b'))).toBe(false);
    expect(sqlLike('50 and more/plan.md', '50%/%')).toBe(true);
    expect(sqlLike('50 and more/plan.md', likePrefixPatternOf('50%'))).toBe(false);
    expect(sqlLike('a\\b/plan.md', likePrefixPatternOf('a\\b'))).toBe(true);
  });
});
