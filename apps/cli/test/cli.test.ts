import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminFetch,
  authedFetch,
  pgliteBackend,
  readBody,
  sessionCookie,
  startTestRelay,
  TEST_OWNER,
  type TestRelay,
} from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The CLI's bundle, built once per run and started with plain Node (see cliBundleSetup.ts).
const CLI = inject('cliBundle');
const BOB = { email: 'bob@baalda.test', password: 'bob keeps a long password' };
const SECRET_LINE = /^baalda_pat_[A-Za-z0-9_-]{43}\n$/;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

// The CLI's own variables are dropped so the machine running the tests can't change what they see.
const { BAALDA_TOKEN, BAALDA_ADMIN_KEY_FILE, BAALDA_DATA_DIR, BAALDA_RELAY_URL, ...quietEnv } = process.env;

// Every step spawns the CLI, so tests get more than the default 30 s.
describe('the baalda CLI', { timeout: 120_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let workDir: string;
  let keyFile: string;

  /** Runs the CLI as a person would, in a folder with no `data/admin.key`, stdin given or empty. */
  function runCli(args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
    return new Promise((resolve) => {
      const env = { ...quietEnv, ...options.env };
      const child = execFile(
        process.execPath,
        [CLI, '--relay', relay.httpUrl, ...args],
        { cwd: workDir, env },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      );
      child.stdin?.end(options.stdin ?? '');
    });
  }
  const asOwner = (...args: string[]) => runCli(['--token', relay.token, ...args]);
  const asAdmin = (...args: string[]) => runCli(['--admin-key-file', keyFile, ...args]);

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    // The test relay keeps its admin key in memory; the CLI reads it from a file, as from a data folder.
    workDir = await mkdtemp(join(tmpdir(), 'baalda-cli-'));
    keyFile = join(workDir, 'admin.key');
    await writeFile(keyFile, `${relay.adminKey}\n`, { mode: 0o600 });
    await adminFetch(relay, '/api/admin/users', { method: 'POST', body: JSON.stringify(BOB) });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(workDir, { recursive: true, force: true });
  });

  const tree = async (token = relay.token) =>
    readBody(await authedFetch(relay, '/api/vaults/default/tree', { headers: { authorization: `Bearer ${token}` } }));
  const notePaths = async (token?: string) => (await tree(token)).notes?.map((note) => note.path) ?? [];
  const tokenFor = async (email: string, vaultId: string) => {
    const body = { email, vaultId };
    const response = await adminFetch(relay, '/api/admin/tokens', { method: 'POST', body: JSON.stringify(body) });
    return ((await response.json()) as { secret: string }).secret;
  };

  it('[PATH*] a bad path is refused before anything is sent, naming the rule, with exit code 2', async () => {
    const before = await tree();
    const result = await asOwner('new', 'Plans/bad|name.md');
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^PATH5: /);
    expect(await tree()).toEqual(before);
  });

  it('[CN1, CN4, TR1, TR2] new, mv, rm and restore work through the relay; a taken target is refused', async () => {
    expect((await asOwner('new', 'Ideas.md')).stdout).toBe('created Ideas.md\n');
    const second = (await asOwner('new', 'ideas.md')).stdout;
    const conflictName = /^created (ideas \(conflict \d{4}-\d{2}-\d{2}\)\.md) \(renamed: ideas\.md exists\)/.exec(
      second,
    )?.[1];
    expect(conflictName, second).toBeDefined();
    const taken = await asOwner('mv', 'Ideas.md', (conflictName ?? '').toUpperCase());
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringMatching(/^PATH_TAKEN: /) });
    expect((await asOwner('mv', 'Ideas.md', 'Archive/Old ideas.md')).stdout).toBe('moved to Archive/Old ideas.md\n');
    expect((await asOwner('rm', 'Archive/Old ideas.md')).code).toBe(0);
    expect(await notePaths()).not.toContain('Archive/Old ideas.md');
    expect((await asOwner('restore', 'archive/old IDEAS.md')).stdout).toBe('restored Archive/Old ideas.md\n');
    expect((await asOwner('tree')).stdout).toContain('Archive/Old ideas.md');
  });

  it('[ACL3] tree commands need a token: none is a usage error saying how to get one, a dead one exit 1', async () => {
    const none = await runCli(['tree']);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('pass --token or set BAALDA_TOKEN (create one in the web app or with `npm run');
    expect(await runCli(['tree'], { env: { BAALDA_TOKEN: relay.token } })).toMatchObject({ code: 0 });
    const unknown = await runCli(['--token', `baalda_pat_${'A'.repeat(43)}`, 'tree']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringMatching(/^UNAUTHENTICATED: .*token/) });
    const otherVault = await asOwner('--vault', 'elsewhere', 'tree');
    expect(otherVault).toMatchObject({ code: 1, stderr: expect.stringMatching(/^VAULT_NOT_FOUND: /) });
  });

  it('[IDX5, ACC10] reindex uses the admin key file; a missing file is named, a wrong key is refused', async () => {
    expect(await asAdmin('reindex')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^reindexed \d+ notes with hashed-bow-256-v1 in [\d.]+ s/),
    });
    expect(await asAdmin('reindex', '--embedder', 'word2vec')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('embedder must be one of: hashed-bow-256-v1'),
    });
    const missing = await runCli(['reindex']);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining(join(workDir, 'data', 'admin.key')) });
    const wrongFile = join(workDir, 'wrong.key');
    await writeFile(wrongFile, `${'B'.repeat(43)}\n`);
    const wrong = await runCli(['reindex'], { env: { BAALDA_ADMIN_KEY_FILE: wrongFile } });
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining(`refused the admin key in ${wrongFile}`) });
    expect(await asOwner('tree', '--embedder', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('"tree" does not take --embedder; it goes with: reindex'),
    });
  });

  it('[ACC10] user add reads the password from stdin (never argv), and the account can sign in', async () => {
    const signIn = (email: string, password: string) =>
      fetch(`${relay.httpUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    const added = await runCli(['--admin-key-file', keyFile, 'user', 'add', 'dave@baalda.test', '--name', 'Dave'], {
      stdin: 'dave types a long password\nnot this line\n',
    });
    expect(added).toMatchObject({ code: 0, stdout: 'added dave@baalda.test (Dave)\n' });
    expect((await signIn('dave@baalda.test', 'dave types a long password')).status).toBe(200);
    const weak = await runCli(['--admin-key-file', keyFile, 'user', 'add', 'erin@baalda.test'], { stdin: 'short\n' });
    expect(weak).toMatchObject({ code: 2, stderr: expect.stringContaining('Use a password of 10 to 256') });
    const empty = await asAdmin('user', 'add', 'erin@baalda.test');
    expect(empty).toMatchObject({ code: 2, stderr: expect.stringContaining('first line of stdin') });
    expect((await signIn('erin@baalda.test', 'short')).status).toBe(401);
  });

  it('[ACC13] user reset-password sets a password from stdin and signs the account out; disable refuses it until enable', async () => {
    const signIn = (password: string) =>
      fetch(`${relay.httpUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'frank@baalda.test', password }),
      });
    await runCli(['--admin-key-file', keyFile, 'user', 'add', 'frank@baalda.test'], { stdin: 'frank starts here\n' });
    const cookie = (await signIn('frank starts here')).headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const reset = await runCli(['--admin-key-file', keyFile, 'user', 'reset-password', 'frank@baalda.test'], {
      stdin: 'frank goes on here\n',
    });
    expect(reset).toMatchObject({
      code: 0,
      stdout: 'set the password of frank@baalda.test; ended 1 session and 0 OAuth grants\n',
    });
    expect((await fetch(`${relay.httpUrl}/api/vaults`, { headers: { cookie } })).status).toBe(401);
    expect((await signIn('frank starts here')).status).toBe(401);
    expect((await signIn('frank goes on here')).status).toBe(200);
    expect((await asAdmin('user', 'disable', 'frank@baalda.test')).stdout).toBe(
      'disabled frank@baalda.test; ended 1 session and revoked 0 tokens\n',
    );
    expect((await signIn('frank goes on here')).status).toBe(403);
    expect(await asAdmin('user', 'disable', 'nobody@baalda.test')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('USER_NOT_FOUND'),
    });
    expect((await asAdmin('user', 'enable', 'frank@baalda.test')).stdout).toBe(
      'enabled frank@baalda.test; they can sign in again\n',
    );
    expect((await signIn('frank goes on here')).status).toBe(200);
  });

  it('[ACC12] password changes one’s own password from stdin (current, then new) and keeps no session', async () => {
    await runCli(['--admin-key-file', keyFile, 'user', 'add', 'gina@baalda.test'], { stdin: 'gina starts here\n' });
    const wrong = await runCli(['password', 'gina@baalda.test'], { stdin: 'not her password\ngina goes on here\n' });
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining('current password is not right') });
    const weak = await runCli(['password', 'gina@baalda.test'], { stdin: 'gina starts here\nshort\n' });
    expect(weak).toMatchObject({ code: 2, stderr: expect.stringContaining('The new password') });
    const changed = await runCli(['password', 'gina@baalda.test'], { stdin: 'gina starts here\ngina goes on here\n' });
    expect(changed).toMatchObject({
      code: 0,
      stdout:
        'changed the password of gina@baalda.test; signed out 0 other sessions and 0 assistants connected with OAuth\n',
    });
    const signIn = await fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gina@baalda.test', password: 'gina goes on here' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('[ACL3] token create prints only the secret, which opens the vault; token list shows it; revoked it gets 401', async () => {
    expect((await asAdmin('vault', 'create', 'Team Notes', '--owner', TEST_OWNER.email)).stdout).toBe(
      `created vault team-notes ("Team Notes"), owned by ${TEST_OWNER.email}\n`,
    );
    expect((await asAdmin('vault', 'grant', 'team-notes', BOB.email, '--role', 'viewer')).stdout).toBe(
      `${BOB.email} is viewer of vault team-notes\n`,
    );
    const created = await asAdmin(
      ...['token', 'create', '--user', BOB.email, '--vault', 'team-notes', '--read-only', '--expires', '30d'],
      ...['--name', 'laptop'],
    );
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(SECRET_LINE) });
    expect(created.stderr).toMatch(/^token \S+ "laptop" for bob@baalda\.test on vault team-notes \(read-only, expires/);
    const id = /^token (\S+) /.exec(created.stderr)?.[1] ?? '';
    const treeWith = (secret: string) =>
      fetch(`${relay.httpUrl}/api/vaults/team-notes/tree`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await treeWith(created.stdout.trim())).status).toBe(200);
    const listed = (await asAdmin('token', 'list')).stdout.split('\n');
    expect(listed[0]).toMatch(/^id +user +vault +name +read-only +expires +last used +revoked$/);
    expect(listed.find((line) => line.startsWith(id))).toMatch(/team-notes +laptop +yes +\d{4}-.* +\d{4}-.*Z +no$/);
    expect((await asAdmin('token', 'revoke', id)).stdout).toBe(`revoked token ${id}\n`);
    expect((await treeWith(created.stdout.trim())).status).toBe(401);
    expect((await asAdmin('token', 'list')).stdout.split('\n').find((line) => line.startsWith(id))).toMatch(/Z$/);
  });

  it('[ACL2] folder restrict hides a folder from members not listed; --clear opens it again', async () => {
    expect((await asOwner('new', 'Private/Plan.md')).code).toBe(0);
    expect((await asAdmin('vault', 'grant', 'default', BOB.email, '--role', 'editor')).code).toBe(0);
    const bobToken = await tokenFor(BOB.email, 'default');
    expect(await notePaths(bobToken)).toContain('Private/Plan.md');
    const restricted = await asAdmin('folder', 'restrict', 'default', 'Private', '--members', TEST_OWNER.email);
    expect(restricted).toMatchObject({
      code: 0,
      stdout: `Private in default is visible only to ${TEST_OWNER.email}\n`,
    });
    const listed = await readBody(await authedFetch(relay, '/api/vaults/default/restrictions'));
    expect(listed).toMatchObject({ restrictions: [{ path: 'Private', members: [{ email: TEST_OWNER.email }] }] });
    expect(await notePaths()).toContain('Private/Plan.md');
    expect(await notePaths(bobToken)).not.toContain('Private/Plan.md');
    expect((await asAdmin('folder', 'restrict', 'default', 'Private', '--clear')).code).toBe(0);
    expect(await notePaths(bobToken)).toContain('Private/Plan.md');
    expect((await asAdmin('folder', 'restrict', 'default', 'Private', '--clear')).stdout).toBe(
      'Private in default had no restriction\n',
    );
  });

  it('bad input exits 2 before anything is sent, a relay refusal exits 1 with its code; nothing is written', async () => {
    const cookie = await sessionCookie(relay.httpUrl, TEST_OWNER);
    // `lastUsedAt` records use, not change: this very snapshot uses the owner's token, and a run that
    // crosses the minute after its last recorded use moves it.
    const tokensWithoutUse = async () => {
      const { tokens } = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as {
        tokens: Array<Record<string, unknown>>;
      };
      return tokens.map(({ lastUsedAt: _, ...token }) => token);
    };
    const snapshot = async () => ({
      tokens: await tokensWithoutUse(),
      vaults: await (await fetch(`${relay.httpUrl}/api/vaults`, { headers: { cookie } })).json(),
      members: await (await authedFetch(relay, '/api/vaults/default/members')).json(),
      restrictions: await (await authedFetch(relay, '/api/vaults/default/restrictions')).json(),
    });
    const before = await snapshot();
    const cases: Array<[string[], number, string]> = [
      [['user', 'add', 'not-an-email'], 2, '<email> "not-an-email": Give an email address'],
      [['vault', 'grant', 'default', BOB.email, '--role', 'boss'], 2, '--role must be owner, editor or viewer'],
      [['vault', 'create', 'Side'], 2, 'Give --owner <email>'],
      [['vault', 'create', 'Side', '--owner', 'nobody@baalda.test'], 1, 'USER_NOT_FOUND: '],
      [['vault', 'grant', 'nope', BOB.email, '--role', 'viewer'], 1, 'VAULT_NOT_FOUND: '],
      [['token', 'create', '--user', BOB.email, '--vault', 'nope'], 1, 'VAULT_NOT_FOUND: '],
      [['token', 'create', '--user', BOB.email, '--vault', 'default', '--expires', '0d'], 2, '--expires takes days'],
      [['token', 'create', '--user', 'bob', '--vault', 'default'], 2, '--user "bob": Give an email address'],
      [['token', 'revoke', 'noSuchToken'], 1, 'TOKEN_NOT_FOUND: '],
      [['folder', 'restrict', 'default', 'Private'], 2, 'Give either --members <email,...> or --clear'],
      [['folder', 'restrict', 'default', 'Private', '--members', 'bob', '--clear'], 2, 'Give either --members'],
      [['folder', 'restrict', 'default', 'Private', '--members', 'bob'], 2, '--members "bob": Give an email'],
      [['folder', 'restrict', 'nope', 'Private', '--members', BOB.email], 1, 'VAULT_NOT_FOUND: '],
      [['vault'], 2, '"vault" needs one of: create, grant'],
    ];
    const runs = await Promise.all(cases.map(([args]) => asAdmin(...args)));
    for (const [index, [args, code, message]] of cases.entries()) {
      const run = runs[index];
      expect(run, args.join(' ')).toMatchObject({ code, stdout: '', stderr: expect.stringContaining(message) });
      expect(run?.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('unknown commands and a wrong number of arguments print the usage with exit code 2', async () => {
    expect(await asOwner('frobnicate')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "frobnicate"'),
    });
    expect(await asOwner('mv', 'only-one')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('"mv" takes 2 argument(s)'),
    });
  });
});
