import * as Y from 'yjs';
import { editor, emptyVault, openFromTree, openPerson } from './helpers';
import { documentAccess, writeNoteDocument, yElement, yText } from './noteDocuments';
import { expect, test } from './relayFixture';
import { createNotesOverApi, updateNoteOverMcp } from './relayNotes';

// Stored scripts: text an assistant, an import or a raw sync write puts in a note, then a person opens the note.
// Each payload would set `window.__pwned` (or open a dialog) if anything ran it.
const RUN = 'window.__pwned=1';

const MARKDOWN_PAYLOADS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}"></svg>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<a href="javascript:${RUN}">click</a>`,
  `[click](javascript:${RUN})`,
  `[click](JaVaScRiPt:${RUN})`,
  `[click](data:text/html,<script>${RUN}</script>)`,
  `![x](javascript:${RUN})`,
  `![x](x" onerror="${RUN})`,
  `[[x" onmouseover="${RUN}]]`,
  `![[x.png" onerror="${RUN}]]`,
  `<details open ontoggle="${RUN}"><summary>s</summary></details>`,
  `> [!note"><img src=x onerror=${RUN}>] Title`,
  `\`\`\`"><img src=x onerror=${RUN}>\ncode\n\`\`\``,
  `| a |\n| - |\n| <img src=x onerror=${RUN}> |`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<style>@import 'javascript:${RUN}';</style>`,
];

test.beforeEach(async ({ request }) => emptyVault(request));

test('[RAW1, EMBED1, LINK1] hostile Markdown from an assistant and hostile attributes from a raw sync write run nothing when a person opens the note', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [fromAssistant, fromSync] = await createNotesOverApi(request, ['Assistant wrote.md', 'Sync wrote.md']);
  await updateNoteOverMcp(request, fromAssistant as string, `${MARKDOWN_PAYLOADS.join('\n\n')}\n`);
  const access = await documentAccess(request, baseURL);
  await writeNoteDocument(access, fromSync as string, (fragment) => {
    const linked = new Y.XmlText();
    linked.insert(0, 'a link', { link: { href: `javascript:${RUN}` } });
    fragment.insert(0, [
      yElement('paragraph', [linked]),
      yElement('paragraph', [
        yElement('noteLink', [], {
          docId: 'nonexistentNote0001',
          target: `x" onmouseover="${RUN}`,
          alias: `<img src=x onerror=${RUN}>`,
        }),
        yElement('noteEmbed', [], { docId: 'nonexistentNote0002', target: `javascript:${RUN}` }),
      ]),
      yElement('codeBlock', [yText('code')], { language: `"><img src=x onerror=${RUN}>` }),
      yElement('callout', [yElement('paragraph', [yText('inside')])], { kind: `"><img src=x onerror=${RUN}>` }),
      yElement('rawBlock', [yText(`<img src=x onerror="${RUN}">`)]),
      yElement('paragraph', [yElement('rawInline', [], { source: `<svg onload="${RUN}">` })]),
    ]);
  });

  const alice = await openPerson(browser, 'alice');
  const dialogs: string[] = [];
  alice.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const docId of [fromAssistant, fromSync] as string[]) {
    await openFromTree(alice.page, docId);
    await expect(editor(alice.page)).toContainText(docId === fromSync ? 'inside' : 'click');
    // Every element the editor shows is hovered and focused (what a person's pointer and keyboard would do),
    // and none carries an inline handler that could run.
    const handlers = await editor(alice.page)
      .locator('*')
      .evaluateAll((nodes) => {
        for (const node of nodes)
          for (const type of ['mouseover', 'focus', 'load', 'error']) node.dispatchEvent(new Event(type));
        return nodes.flatMap((node) => node.getAttributeNames().filter((name) => /^on/i.test(name)));
      });
    expect(handlers).toEqual([]);
    const hrefs = await editor(alice.page)
      .locator('[href], [src]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? node.getAttribute('src') ?? ''));
    expect(hrefs.filter((address) => /^\s*(javascript|data|vbscript):/i.test(address))).toEqual([]);
    expect(await alice.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // The editor shows no element the payloads asked for: they are text, in raw blocks or chips.
    expect(await editor(alice.page).locator('script, iframe, svg[onload], img[onerror], details, style').count()).toBe(
      0,
    );
  }
  expect(dialogs).toEqual([]);
  await alice.context.close();
});
