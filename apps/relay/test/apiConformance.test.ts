import { createHash, randomBytes } from 'node:crypto';
import {
  type AnswerOf,
  API,
  API_ROUTES,
  type ApiInput,
  type ApiRoute,
  type ApiTransport,
  createApiClient,
} from '@baalda/core/api';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from './backends';
import { TEST_REDIRECT_URI } from './oauthClients';
import { sessionCookie, startTestRelay, TEST_OWNER, type TestRelay } from './relays';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

// Every call of this file goes through the typed client, which parses each answer with the schema its
// route declares for its status (CT1); each JSON answer is also checked against the OpenAPI document's
// JSON Schema of it, so the published document says what the relay really sends.
describe('the API as declared (API1–API3)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let document: OpenApi;
  const called = new Set<string>();
  const schemaChecker = new Ajv2020({ strict: false, validateFormats: false });

  const transport =
    (headers: Record<string, string>): ApiTransport =>
    async (request) => {
      const response = await fetch(`${relay.httpUrl}${request.path}`, {
        method: request.method,
        headers: { ...headers, ...request.headers },
        body: request.body,
      });
      return { status: response.status, text: await response.text(), header: (name) => response.headers.get(name) };
    };

  // One call of `route` that must succeed; its JSON answer is checked against the OpenAPI document too.
  async function succeed<Route extends ApiRoute>(
    route: Route,
    input: ApiInput<Route>,
    headers: Record<string, string> = {},
  ): Promise<AnswerOf<Route>> {
    called.add(route.name);
    const result = await createApiClient(transport(headers)).call(route, input);
    if (!result.ok) throw new Error(`${route.name}: ${result.status} ${result.code} ${result.message}`);
    const declared = route.answers[result.status];
    if (declared?.kind === 'json') {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      const schema = operation?.responses[String(result.status)]?.content?.['application/json']?.schema;
      expect(schema, `${route.name} ${result.status} in the document`).toBeDefined();
      expect(
        schemaChecker.validate(schema as object, result.answer),
        `${route.name}: ${schemaChecker.errorsText()}`,
      ).toBe(true);
    }
    return result.answer;
  }

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay?.close();
    await dispose?.();
  });

  it('[API3] GET /api/openapi.json is a valid OpenAPI 3.1 document listing every declared route', async () => {
    const result = await createApiClient(transport({})).call(API.openApiDocument, {});
    called.add(API.openApiDocument.name);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    document = result.answer as unknown as OpenApi;
    const validator = new Validator();
    const validation = await validator.validate(result.answer as Parameters<Validator['validate']>[0]);
    expect(validation.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    expect(operations).toBe(API_ROUTES.length + API_ROUTES.filter((route) => route.head).length);
  });
  it('[API1, API2] every declared route, called once through the typed client, answers as declared', async () => {
    const owner = { cookie: await sessionCookie(relay.httpUrl, TEST_OWNER) };
    const admin = { authorization: `Bearer ${relay.adminKey}` };
    const inVault = { vaultId: 'default' };

    await succeed(API.health, {});
    await succeed(API.authState, {}, owner);
    await succeed(API.signIn, { body: TEST_OWNER });

    // A second person, who joins by an invite: sign-up is closed once the first account exists.
    const invite = await succeed(API.createInvite, { params: inVault, body: { role: 'editor' } }, owner);
    await succeed(API.showInvite, { params: { secret: invite.secret } });
    const bob = { email: 'bob@baalda.test', password: 'bob has a long passphrase' };
    const signedUp = await succeed(API.signUp, { body: { ...bob, invite: invite.secret } });
    const bobId = signedUp.user.id;
    const bobSession = { cookie: await sessionCookie(relay.httpUrl, bob) };
    const newPassword = 'bob changed his long passphrase';
    await succeed(API.changePassword, { body: { currentPassword: bob.password, newPassword } }, bobSession);
    const bobAgain = { cookie: await sessionCookie(relay.httpUrl, { ...bob, password: newPassword }) };

    await succeed(API.listVaults, {}, owner);
    const made = await succeed(API.createVault, { body: { name: 'Team plans' } }, owner);
    await succeed(API.listMembers, { params: inVault }, owner);
    await succeed(API.setRole, { params: { ...inVault, userId: bobId }, body: { role: 'viewer' } }, owner);
    const second = await succeed(
      API.createInvite,
      { params: { vaultId: made.vault.id }, body: { role: 'viewer' } },
      owner,
    );
    await succeed(API.acceptInvite, { params: { secret: second.secret } }, bobAgain);
    await succeed(API.removeMember, { params: { vaultId: made.vault.id, userId: bobId } }, owner);

    await succeed(
      API.putRestriction,
      {
        params: inVault,
        body: {
          path: 'Private',
          members: [signedUp.user.id, (await succeed(API.authState, {}, owner)).user?.id ?? ''],
        },
      },
      owner,
    );
    await succeed(API.listRestrictions, { params: inVault }, owner);
    await succeed(API.liftRestriction, { params: inVault, query: { path: 'Private' } }, owner);

    const docId = randomBytes(12).toString('base64url');
    const createNote = {
      opId: randomBytes(12).toString('base64url'),
      kind: 'createNote',
      docId,
      path: 'Plans.md',
      createdAt: Date.now(),
    } as const;
    await succeed(API.applyOps, { params: inVault, body: { ops: [createNote] } }, owner);
    await succeed(API.readTree, { params: inVault }, owner);
    await succeed(API.readTrash, { params: inVault }, owner);
    await succeed(API.search, { params: inVault, query: { q: 'plans' } }, owner);
    await succeed(API.listBacklinks, { params: { ...inVault, docId } }, owner);

    const note = { ...inVault, docId };
    await succeed(API.keepVersion, { params: note, body: {} }, owner);
    const versions = await succeed(API.listVersions, { params: note }, owner);
    const versionId = versions.versions[0]?.id ?? 'none';
    await succeed(API.readVersion, { params: { ...note, versionId } }, owner);
    await succeed(API.restoreVersion, { params: { ...note, versionId }, body: {} }, owner);

    const file = { ...inVault, docId: randomBytes(12).toString('base64url') };
    await succeed(API.uploadAttachment, { params: file, query: { path: 'notes.txt' }, body: 'Meeting notes.' }, owner);
    await succeed(API.describeAttachment, { params: file }, owner);
    await succeed(API.readAttachmentText, { params: file }, owner);
    await succeed(API.downloadAttachment, { params: file }, owner);

    const token = await succeed(API.createToken, { body: { name: 'laptop', vaultId: 'default' } }, owner);
    await succeed(API.listTokens, {}, owner);
    await succeed(API.revokeToken, { params: { tokenId: token.token.id } }, owner);

    const [approveId, denyId] = [await pendingAuthorization(), await pendingAuthorization()];
    await succeed(API.describeOAuthRequest, { params: { id: approveId } }, owner);
    await succeed(
      API.approveOAuthRequest,
      { params: { id: approveId }, body: { vaultId: 'default', readOnly: true } },
      owner,
    );
    await succeed(API.denyOAuthRequest, { params: { id: denyId } }, owner);

    const carol = { email: 'carol@baalda.test', password: 'carol has a long passphrase' };
    await succeed(API.adminAddUser, { body: carol }, admin);
    await succeed(
      API.adminResetPassword,
      { body: { email: carol.email, password: 'carol got a new passphrase' } },
      admin,
    );
    await succeed(API.adminSetDisabled, { body: { email: carol.email, disabled: false } }, admin);
    const adminVault = await succeed(
      API.adminCreateVault,
      { body: { name: 'Operators', ownerEmail: TEST_OWNER.email } },
      admin,
    );
    const operators = { vaultId: adminVault.vault.id };
    await succeed(API.adminGrant, { params: operators, body: { email: carol.email, role: 'editor' } }, admin);
    await succeed(API.adminRestrict, { params: operators, body: { path: 'Keys', memberEmails: [carol.email] } }, admin);
    await succeed(API.adminUnrestrict, { params: operators, query: { path: 'Keys' } }, admin);
    const adminToken = await succeed(
      API.adminCreateToken,
      { body: { email: carol.email, vaultId: adminVault.vault.id } },
      admin,
    );
    await succeed(API.adminListTokens, {}, admin);
    await succeed(API.adminRevokeToken, { params: { tokenId: adminToken.token.id } }, admin);
    const lines = await succeed(API.adminReindex, { body: {} }, admin);
    expect(lines.at(-1)).toMatchObject({ embedder: expect.any(String) });

    await succeed(API.signOutEverywhere, {}, bobAgain);
    await succeed(API.signOut, {}, owner);

    expect([...called].sort()).toEqual(API_ROUTES.map((route) => route.name).sort());
  });

  // An assistant's request waiting on the consent page: a client registers and opens /authorize.
  async function pendingAuthorization(): Promise<string> {
    const registered = await fetch(`${relay.httpUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Conformance', redirect_uris: [TEST_REDIRECT_URI] }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const url = new URL(`${relay.httpUrl}/authorize`);
    const params = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const opened = await fetch(url, { redirect: 'manual' });
    const id = new URL(opened.headers.get('location') ?? '', relay.httpUrl).searchParams.get('oauth');
    if (!id) throw new Error(`authorize: ${opened.status}`);
    return id;
  }
});
