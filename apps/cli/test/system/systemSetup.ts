import { callTool, connectMcp, sessionCookie, TEST_OWNER } from 'baalda-relay/testing';
import { newNoteText } from './paragraphEdits';
import type { LinkName } from './systemPlan';
import type { WriteLedger } from './writeLedger';

/** A run's own vault, with a token for each writer and one for the checks. */
export interface RunVault {
  readonly vaultId: string;
  readonly tokens: Readonly<Record<LinkName | 'checks', string>>;
}

/** Creates a vault for one run as TEST_OWNER (runs sharing a relay never see each other's notes). */
export async function createRunVault(httpUrl: string, seed: number): Promise<RunVault> {
  const cookie = await sessionCookie(httpUrl, TEST_OWNER);
  const created = await post(httpUrl, '/api/vaults', cookie, { name: `System ${seed}` });
  const { vault } = created as { vault: { id: string } };
  const tokens: Record<string, string> = {};
  for (const name of ['alice', 'bob', 'mirror', 'assistant', 'checks']) {
    const minted = await post(httpUrl, '/api/tokens', cookie, { name: `${name} ${seed}`, vaultId: vault.id });
    tokens[name] = (minted as { secret: string }).secret;
  }
  return { vaultId: vault.id, tokens: tokens as RunVault['tokens'] };
}

async function post(httpUrl: string, path: string, cookie: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${httpUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The notes every writer starts from, made through MCP with the checks' token before anyone else runs:
 * each with its key heading and one paragraph. Answers their docIds.
 */
export async function createStartingNotes(httpUrl: string, token: string, ledger: WriteLedger): Promise<string[]> {
  const client = await connectMcp(httpUrl, token);
  try {
    const docIds: string[] = [];
    for (const path of ['Notes/First.md', 'Notes/Second.md', 'Plans/Third.md']) {
      const key = ledger.nextNoteKey();
      const marker = ledger.nextMarker('assistant');
      ledger.record({ marker, writer: 'assistant', note: key, root: null, status: 'acknowledged' });
      const answer = await callTool(client, 'create_note', { path, text: newNoteText(key, marker) });
      if (answer.isError) throw new Error(`creating ${path}: ${answer.text}`);
      docIds.push(String(answer.structured?.docId));
    }
    return docIds;
  } finally {
    await client.close();
  }
}
