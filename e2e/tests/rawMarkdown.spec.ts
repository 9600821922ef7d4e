import type { APIRequestContext, Browser } from '@playwright/test';
import type * as Y from 'yjs';
import { ensureAccount, setRole } from './accounts';
import { editor, emptyVault, expectSyncState, openFromTree, openPerson } from './helpers';
import {
  type DocumentAccess,
  documentAccess,
  yElement as element,
  expectOpensWithoutWriting,
  readNoteDocument,
  yText as text,
  writeNoteDocument,
  type YChild,
} from './noteDocuments';
import { expect, type Page, test } from './relayFixture';
import { createNotesOverApi, updateNoteOverMcp } from './relayNotes';

// Markdown the editor has no node for, kept as typed (core's `rawBlock` and `rawInline`), and soft line
// breaks kept as `\n` in a paragraph's text: shown, edited in place, and never rewritten by opening the note.

test.beforeEach(async ({ request }) => emptyVault(request));
// The viewer's test makes bob a viewer; other specs expect him to be an editor.
test.afterEach(async ({ request }) => {
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'editor');
});

// The Yjs shapes core writes: a block of no attributes holding its source as one text, an inline atom with
// its source as an attribute.
const rawBlock = (source: string) => element('rawBlock', [text(source)]);
const rawInline = (source: string) => element('rawInline', [], { source });
const paragraph = (...children: YChild[]) => element('paragraph', children);
const cell = (name: string, ...children: YChild[]) => element(name, children);

const HTML_BLOCK = '<div align="center">\n  <b>Centered</b>\n</div>';

/** A note with raw pieces in every place core puts them, and a paragraph with a soft line break. */
function writeSources(fragment: Y.XmlFragment): void {
  fragment.insert(0, [
    element('heading', [text('Sources '), rawInline('^top')], { level: 1 }),
    paragraph(text('First line\nsecond line')),
    paragraph(
      text('A claim'),
      rawInline('[^1]'),
      text(' pressed '),
      rawInline('<kbd>'),
      text('Ctrl'),
      rawInline('</kbd>'),
      text(' aside '),
      rawInline('%%aside%%'),
      text(' and '),
      rawInline('$x^2$'),
    ),
    rawBlock(HTML_BLOCK),
    element('bulletList', [element('listItem', [paragraph(text('Item '), rawInline('^item-1'))])]),
    element('table', [
      element('tableRow', [cell('tableHeader', paragraph(text('Formula')))]),
      element('tableRow', [cell('tableCell', rawBlock('$$\nE = mc^2\n$$'))]),
    ]),
    element('callout', [rawBlock('%%\nhidden in reading view\n%%')], { kind: 'note' }),
    rawBlock('[docs]: https://example.com/docs'),
    rawBlock('[^1]: The footnote.'),
  ]);
}

/** Creates the note `Sources.md` and writes `writeSources` into its document on the relay. */
async function createSources(access: DocumentAccess, request: APIRequestContext): Promise<string> {
  const [docId = ''] = await createNotesOverApi(request, ['Sources.md']);
  await writeNoteDocument(access, docId, writeSources);
  return docId;
}

/** The note of `writeSources`, open in alice's editor. */
async function openSourcesAsAlice(browser: Browser, request: APIRequestContext, baseURL: string | undefined) {
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  const docId = await createSources(access, request);
  await openFromTree(alice.page, docId);
  return { alice, access, docId };
}

function rawBlockOn(page: Page, name: string) {
  return editor(page).getByRole('group', { name: `${name} source` });
}

function chip(page: Page, name: string) {
  return editor(page).getByRole('button', { name, exact: true });
}

function elementsNamed(doc: Y.Doc, name: string): Y.XmlElement[] {
  const found = doc.getXmlFragment('default').createTreeWalker((type) => (type as Y.XmlElement).nodeName === name);
  return [...found] as Y.XmlElement[];
}

/** Pastes `html` as the clipboard's text/html where the caret is. */
async function pasteHtml(page: Page, html: string): Promise<void> {
  await editor(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

async function relayDocument(page: Page, access: DocumentAccess, docId: string): Promise<Y.Doc> {
  await expectSyncState(page, 'synced');
  return readNoteDocument(access, docId);
}

test('[RAW1, RAW2, RAW4, RAW5] raw Markdown and a soft line break show as written, and opening the note writes nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  const { page } = alice;
  const docId = await createSources(access, request);
  await expectOpensWithoutWriting(page, access, docId);

  await expect(rawBlockOn(page, 'HTML').locator('code')).toHaveText(HTML_BLOCK);
  await expect(rawBlockOn(page, 'HTML')).toContainText('HTML');
  await expect(rawBlockOn(page, 'Math').locator('code')).toHaveText('$$\nE = mc^2\n$$');
  await expect(editor(page).locator('td').getByRole('group', { name: 'Math source' })).toBeVisible();
  await expect(editor(page).locator('.callout').getByRole('group', { name: 'Comment source' })).toBeVisible();
  await expect(rawBlockOn(page, 'Link definition').locator('code')).toHaveText('[docs]: https://example.com/docs');
  await expect(rawBlockOn(page, 'Footnote').locator('code')).toHaveText('[^1]: The footnote.');
  for (const name of ['Footnote [^1]', 'HTML <kbd>', 'HTML </kbd>', 'Comment %%aside%%', 'Math $x^2$']) {
    await expect(chip(page, name)).toBeVisible();
  }
  await expect(editor(page).locator('h1').getByRole('button', { name: 'Block id ^top' })).toBeVisible();
  await expect(editor(page).locator('li').getByRole('button', { name: 'Block id ^item-1' })).toHaveText('^item-1');
  // innerText follows CSS: a newline the page collapsed to a space would read as one.
  await expect(editor(page).locator('p', { hasText: 'First line' })).toHaveJSProperty(
    'innerText',
    'First line\nsecond line',
  );

  // RAW5: typing on a line after a soft break leaves the break a newline, not a space or a hard break.
  const lines = await editor(page).locator('p', { hasText: 'First line' }).boundingBox();
  if (!lines) throw new Error('the paragraph with a soft break is not on screen');
  await page.mouse.click(lines.x + 4, lines.y + lines.height - 4);
  await page.keyboard.press('End');
  await page.keyboard.type(', typed');
  // A copy from a ProseMirror editor (its slice marker) pasted in keeps its soft break too.
  await pasteHtml(page, '<p data-pm-slice="1 1 []">; pasted\nlines</p>');
  const typed = await relayDocument(page, access, docId);
  expect(elementsNamed(typed, 'paragraph')[0]?.toString()).toBe(
    '<paragraph>First line\nsecond line, typed; pasted\nlines</paragraph>',
  );
  await alice.context.close();
});

// What core reads into raw pieces (MD11), in every place it can put them, as an assistant would write it.
const ASSISTANT_MARKDOWN = `# Sources ^top

First line
second line, with a footnote[^1] and <kbd>Ctrl</kbd>.

<div align="center">
  <b>Centered</b>
</div>

$$
E = mc^2
$$

- An item with math $x^2$ %%aside%% ^item-1
- ![A cat](cat.png)

| Formula |
| --- |
| $a$ <br> $b$ |

> [!note]
> %%
> hidden
> %%

[docs]: https://example.com/docs

[^1]: The footnote.
`;

test('[RAW4] a note an assistant writes with HTML, math, comments, footnotes and soft breaks opens without writing', async ({
  browser,
  request,
  baseURL,
}) => {
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  const [docId = ''] = await createNotesOverApi(request, ['Assistant.md']);
  await updateNoteOverMcp(request, docId, ASSISTANT_MARKDOWN);
  await expectOpensWithoutWriting(alice.page, access, docId);
  await expect(rawBlockOn(alice.page, 'HTML').locator('code')).toHaveText(HTML_BLOCK);
  await expect(rawBlockOn(alice.page, 'Footnote').locator('code')).toHaveText('[^1]: The footnote.');
  await expect(chip(alice.page, 'Footnote [^1]')).toBeVisible();
  // A piece on several lines shows them (innerText follows CSS).
  await expect(editor(alice.page).locator('.callout .raw-inline')).toHaveJSProperty('innerText', '%%\nhidden\n%%');
  await expect(editor(alice.page).locator('p', { hasText: 'First line' })).toHaveJSProperty(
    'innerText',
    'First line\nsecond line, with a footnote[^1] and <kbd>Ctrl</kbd>.',
  );
  await alice.context.close();
});

test('[RAW4] a note whose first line ends with a URL and whose last block is code opens without writing; typing still links', async ({
  browser,
  request,
  baseURL,
}) => {
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  const { page } = alice;
  const [docId = ''] = await createNotesOverApi(request, ['Links.md']);
  await writeNoteDocument(access, docId, (fragment) =>
    fragment.insert(0, [paragraph(text('See https://example.com')), element('codeBlock', [text('x = 1')])]),
  );
  // Opening it once added a paragraph after the code block and made the URL a link: both were writes.
  await expectOpensWithoutWriting(page, access, docId);

  await editor(page).locator('p', { hasText: 'See' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and https://example.org/more ');
  await expect(editor(page).locator('a[href="https://example.org/more"]')).toHaveText('https://example.org/more');
  const edited = await relayDocument(page, access, docId);
  const top = edited.getXmlFragment('default');
  expect(top.get(top.length - 1).toString(), 'a line to type on below the code block, once edited').toBe(
    '<paragraph></paragraph>',
  );
  await alice.context.close();
});

test('[RAW3] a click or Enter edits an inline piece’s source: Enter writes it, Escape leaves it, empty removes it', async ({
  browser,
  request,
  baseURL,
}) => {
  const { alice, access, docId } = await openSourcesAsAlice(browser, request, baseURL);
  const { page } = alice;

  await chip(page, 'Footnote [^1]').click();
  const field = editor(page).getByRole('textbox', { name: 'Markdown source' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('[^1]');
  await field.fill('[^source]');
  await field.press('Enter');
  await expect(chip(page, 'Footnote [^source]')).toBeVisible();
  // The caret is after the piece: typing goes on in the paragraph.
  await page.keyboard.type('!');
  await expect(editor(page).locator('p', { hasText: 'A claim' })).toContainText('A claim[^source]! pressed');

  await chip(page, 'Math $x^2$').click();
  await field.fill('$y$');
  await field.press('Escape');
  await expect(chip(page, 'Math $x^2$')).toBeVisible();
  // Escape selects the piece, and Enter on a selected piece edits it.
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('$x^2$');
  await field.fill('');
  await field.press('Enter');
  await expect(chip(page, 'Math $x^2$')).toHaveCount(0);

  const edited = await relayDocument(page, access, docId);
  const sources = elementsNamed(edited, 'rawInline').map((node) => node.getAttribute('source'));
  expect(sources).toEqual(['^top', '[^source]', '<kbd>', '</kbd>', '%%aside%%', '^item-1']);
  await alice.context.close();
});

test('[RAW1] typing in a raw block changes its source; Enter breaks its line, ArrowDown at its end leaves it', async ({
  browser,
  request,
  baseURL,
}) => {
  const { alice, access, docId } = await openSourcesAsAlice(browser, request, baseURL);
  const { page } = alice;

  const footnote = rawBlockOn(page, 'Footnote').locator('code');
  await footnote.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Kept as typed: **not bold**');
  await page.keyboard.press('Enter');
  await page.keyboard.type('    Its second paragraph.');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('After the footnote');
  await expect(footnote).toHaveText('[^1]: The footnote. Kept as typed: **not bold**\n    Its second paragraph.');
  // The label follows the source: what was a link definition is HTML once it starts with `<`.
  await rawBlockOn(page, 'Link definition').locator('code').click();
  await page.keyboard.press('Home');
  await page.keyboard.type('<!-- ');
  await expect(rawBlockOn(page, 'HTML').filter({ hasText: 'docs' })).toBeVisible();

  const edited = await relayDocument(page, access, docId);
  const blocks = elementsNamed(edited, 'rawBlock').map((node) => node.toArray().join(''));
  expect(blocks).toContain('[^1]: The footnote. Kept as typed: **not bold**\n    Its second paragraph.');
  expect(blocks).toContain('<!-- [docs]: https://example.com/docs');
  const top = edited.getXmlFragment('default');
  expect(top.get(top.length - 1).toString()).toBe('<paragraph>After the footnote</paragraph>');
  await alice.context.close();
});

test('[RAW3] a viewer sees raw Markdown but can’t edit it', async ({ browser, request, baseURL }) => {
  const access = await documentAccess(request, baseURL);
  const docId = await createSources(access, request);
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'viewer');
  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  const { page } = bob;
  const footnote = editor(page).locator('.raw-inline', { hasText: '[^1]' });
  await expect(footnote).toHaveAttribute('title', 'Footnote in Markdown');
  await expect(editor(page).getByRole('button', { name: 'Footnote [^1]' })).toHaveCount(0);
  await footnote.click();
  await expect(editor(page).getByRole('textbox', { name: 'Markdown source' })).toHaveCount(0);
  await expect(rawBlockOn(page, 'HTML').locator('code')).toHaveText(HTML_BLOCK);
  await bob.context.close();
});
