import { describe, expect, it } from 'vitest';
import { type EditorNode, isEditorText, RAW_BLOCK } from '../model/editorModel';
import { markdownOfBlocks } from '../write/writeMarkdown';
import { documentContentOfMarkdown } from './parseMarkdown';

// As the Obsidian help vault writes them: formatting around links, embeds and code, and callouts whose body
// sits after a blank line.
const WRITTEN_NATIVELY = [
  '1. Open **[[Settings]]**.\n2. Go to the **Editor** tab.\n',
  'Under **[[Settings]] → Community plugins → Installed plugins**, each plugin has icons.\n',
  '- **[[Hotkeys]]** ![[lucide-plus-circle.svg#icon]] — Set shortcuts.\n',
  '**Always [[Back up your Obsidian files|back up]] your vault first.**\n',
  'An *![[diagram.png|300]] embed* and ==$e^{i\\pi}$ marked== and ~~<kbd>Ctrl</kbd>~~.\n',
  '- Use the **`Cmd/Ctrl+;`** [[Hotkeys|hotkey]].\n',
  'See [`markdownOfBlocks`](https://example.com/api) and **`a`b**.\n',
  '- **[Obsidian Git](https://example.com/git):** back up your vault.\n',
  '> [!danger] Migrations are destructive\n>\n> **Always [[Back up|back up]] your vault.**\n',
  '> [!note]\n>\n> Body after a blank line.\n',
];

function hasRawBlock(nodes: readonly EditorNode[]): boolean {
  return nodes.some((node) => !isEditorText(node) && (node.type === RAW_BLOCK || hasRawBlock(node.children)));
}

describe('Formatting around atoms and code (MD13)', () => {
  it('[MD13] bold, italic, highlight and strike around links, embeds, raw pieces and code stay editable blocks', () => {
    for (const markdown of WRITTEN_NATIVELY) {
      const blocks = documentContentOfMarkdown(markdown);
      expect(hasRawBlock(blocks), markdown).toBe(false);
      expect(markdownOfBlocks(blocks), markdown).toBe(markdown);
    }
  });

  it('[MD13] an atom keeps the marks around it in its `marks` attribute, in the fixed order', () => {
    const [paragraph] = documentContentOfMarkdown('==***[[Plan]]***==\n');
    const link = paragraph?.children[0];
    expect(link && !isEditorText(link) ? link.attrs.marks : null).toBe('highlight bold italic');
    const [plain] = documentContentOfMarkdown('[[Plan]]\n');
    const bare = plain?.children[0];
    expect(bare && !isEditorText(bare) ? 'marks' in bare.attrs : true).toBe(false);
  });

  it('[MD13] code in a link keeps the link unless it holds a bracket, which could read as a definition', () => {
    const code = { code: {}, link: { href: 'https://example.com/u', title: null } };
    const written = (text: string) =>
      markdownOfBlocks([{ type: 'paragraph', attrs: {}, children: [{ type: 'text', text, marks: code }] }]);
    expect(written('run()')).toBe('[`run()`](https://example.com/u)\n');
    expect(written(']:a')).toBe('`]:a`\n');
  });

  it('[MD10, MD13] a blank line between a callout head and its first paragraph is kept, and only there', () => {
    const spaced = '> [!tip] Title\n>\n> Body.\n';
    expect(documentContentOfMarkdown(spaced)[0]?.attrs.spaced).toBe(true);
    const tight = '> [!tip] Title\n> Body.\n';
    expect(documentContentOfMarkdown(tight)[0]?.attrs.spaced).toBeUndefined();
    expect(documentContentOfMarkdown('> [!tip] Title\n>\n> - item\n')[0]?.attrs.spaced).toBeUndefined();
    expect(markdownOfBlocks(documentContentOfMarkdown(tight))).toBe(tight);
  });
});
