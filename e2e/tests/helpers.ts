import { randomBytes } from 'node:crypto';
import { API } from '@baalda/core/api';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type PersonName, signIn, signInContext } from './accounts';
import { relayApi, succeed } from './relayClient';
import { applyOps, updateNoteOverMcp } from './relayNotes';

/** A person in a browser of their own (alice, bob): one context, one page. */
export interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * Opens a fresh browser context, so each person has their own IndexedDB and service worker, signed in as
 * `name` (an editor of `default`, created on first use): the session cookie is set through the context's
 * own request, so the page opens straight on the notes.
 */
export async function openPerson(browser: Browser, name: PersonName = 'alice', path = '/'): Promise<Person> {
  const context = await browser.newContext();
  await signInContext(context, name);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('new-note')).toBeVisible();
  return { context, page };
}

/** Waits until the service worker controls the page, i.e. the app shell is cached for offline use. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
  });
}

/**
 * Creates a note with "New note" and returns its id (read from the URL the app navigates to). A new note
 * starts as "Untitled" with its name in rename mode: `name` is typed and committed with Enter, or the
 * rename is left with Escape (keeping "Untitled").
 */
export async function createNote(page: Page, name?: string): Promise<string> {
  const before = new URL(page.url()).searchParams.get('note');
  await page.getByTestId('new-note').click();
  const noteInUrl = () => new URL(page.url()).searchParams.get('note');
  await expect.poll(noteInUrl, { message: 'the app opens the new note' }).not.toBe(before);
  const docId = noteInUrl();
  if (!docId || !/^[A-Za-z0-9_-]{16,64}$/.test(docId)) throw new Error(`the URL holds no new note id: ${page.url()}`);
  const input = page.getByTestId('rename-input');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(/^Untitled( \d+)?$/);
  // The whole name starts selected, so typing replaces it.
  const selected = await input.evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd]);
  expect(selected).toEqual([0, (await input.inputValue()).length]);
  if (name === undefined) {
    await input.press('Escape');
  } else {
    await input.fill(name);
    await input.press('Enter');
    await expect(treeNote(page, docId)).toHaveAttribute('data-path', new RegExp(`(^|/)${escapeRegExp(name)}\\.md$`));
  }
  await expect(input).toHaveCount(0);
  // Naming the note (or leaving its name) hands the caret to the editor.
  await expect(editor(page)).toBeFocused();
  return docId;
}

/** Starts renaming a tree row (a note or a folder) with a double-click on its name, types, presses Enter. */
export async function renameRow(page: Page, row: Locator, name: string): Promise<void> {
  // The row's first control is its name (a link for notes, a button for folders); the "⋯" menu comes after.
  await row.locator('a, button').first().dblclick();
  const input = page.getByTestId('rename-input');
  await expect(input).toBeFocused();
  await input.fill(name);
  await input.press('Enter');
}

/** Types at the end of the open note. */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/**
 * Puts the caret at the very start of the open note and waits until the editor itself holds it there. Home
 * pressed within 200 ms of the editor taking focus is undone by ProseMirror (it takes a caret at the document
 * start for the browser resetting the selection), so Home is pressed again until the editor's selection says
 * it moved: typing before that would land where the click left the caret.
 */
export async function caretToNoteStart(page: Page): Promise<void> {
  await editor(page).click();
  await expect(async () => {
    await page.keyboard.press('ControlOrMeta+Home');
    expect(await editorSelectionFrom(page)).toBe(1);
  }).toPass();
}

async function editorSelectionFrom(page: Page): Promise<number | null> {
  return editor(page).evaluate((element) => {
    // Tiptap puts its editor on the contenteditable it renders.
    const tiptap = (element as HTMLElement & { editor?: { state: { selection: { from: number } } } }).editor;
    return tiptap ? tiptap.state.selection.from : null;
  });
}

/**
 * Types `/typed` in the editor and chooses `title` from the slash menu with Enter, once the menu has narrowed
 * to it: Enter pressed while the menu still shows the last keystroke's options would choose another block.
 */
export async function chooseFromSlashMenu(page: Page, typed: string, title: string): Promise<void> {
  await page.keyboard.type(`/${typed}`);
  const menu = page.getByRole('listbox', { name: 'Insert block' });
  await expect(menu.getByRole('option', { name: title, selected: true })).toBeVisible();
  await page.keyboard.press('Enter');
}

/** The contenteditable of the open note. */
export function editor(page: Page) {
  return page.getByTestId('editor').locator('.ProseMirror');
}

/** A note's row in the tree, by id. */
export function treeNote(page: Page, docId: string) {
  return page.locator(`[data-testid="tree-note"][data-doc-id=${JSON.stringify(docId)}]`);
}

/** A note's row in the tree, by full path. */
export function treeNoteAt(page: Page, path: string) {
  return page.locator(`[data-testid="tree-note"][data-path=${JSON.stringify(path)}]`);
}

/** A folder's row in the tree, by full path. */
export function treeFolder(page: Page, path: string) {
  return page.locator(`[data-testid="tree-folder"][data-path=${JSON.stringify(path)}]`);
}

/** Opens a note from the tree. */
export async function openFromTree(page: Page, docId: string): Promise<void> {
  await treeNote(page, docId).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`note=${docId}`));
  await expect(page.getByTestId('editor')).toHaveAttribute('data-doc-id', docId);
}

/** Waits until every tree change made on this page has been answered by the relay. */
export async function expectTreeSynced(page: Page): Promise<void> {
  await expect(page.getByTestId('pending-ops')).toHaveAttribute('data-count', '0');
}

/** Asserts the sync indicator shows `state`. */
export async function expectSyncState(page: Page, state: 'offline' | 'syncing' | 'synced'): Promise<void> {
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', state);
}

/** The number of local changes the indicator says are not yet on the relay. */
export async function pendingCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('pending-count').textContent());
}

/** Today's date in UTC, as conflict names carry it (CN2). */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Empties the relay's vault through its API (trash everything, then empty the trash), so each test starts
 * from a blank tree even though one relay serves the whole run. Signs `request` in as alice.
 */
export async function emptyVault(request: APIRequestContext): Promise<void> {
  // The test's own request context acts as alice from here on (relayPaths and the specs' own API calls too).
  await signIn(request, 'alice');
  const tree = await succeed(relayApi(request), API.readTree, { params: { vaultId: 'default' } });
  const ops = [
    ...tree.notes.map((note) => ({ kind: 'trashNote' as const, opId: opId(), docId: note.docId })),
    ...tree.folders
      .filter((path) => !path.includes('/'))
      .map((path) => ({ kind: 'trashFolder' as const, opId: opId(), path })),
    { kind: 'emptyTrash' as const, opId: opId() },
  ];
  await applyOps(request, ops);
}

/** The live note paths the relay holds. */
export async function relayPaths(request: APIRequestContext): Promise<string[]> {
  const tree = await succeed(relayApi(request), API.readTree, { params: { vaultId: 'default' } });
  return tree.notes.map((note) => note.path).sort();
}

function opId(): string {
  return randomBytes(16).toString('base64url');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * alice opens a new note `name`, writes a word and waits until it is synced; then an assistant replaces its
 * text with `markdown` (MCP `update_note`), which her open editor shows. Answers alice.
 */
export async function openNoteAnAssistantRewrites(
  browser: Browser,
  request: APIRequestContext,
  name: string,
  markdown: string,
): Promise<Person> {
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page, name);
  await alice.page.keyboard.type('placeholder');
  await expectSyncState(alice.page, 'synced');
  await updateNoteOverMcp(request, docId, markdown);
  return alice;
}
