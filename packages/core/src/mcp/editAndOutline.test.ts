import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callMcpTool } from './callTool';
import type { McpStore, McpStoredNote } from './mcpStore';
import { MCP_LIMITS } from './mcpTools';
import { outlineOf } from './noteOutline';
import { applyTextEdits } from './textEdits';

const NOTE = 'OutlineNoteId_00001';
const LONG = [
  '---',
  'tags: [plan]',
  '---',
  '',
  '# Plan',
  '',
  'Intro.',
  '',
  '## Goals',
  '',
  'Ship it.',
  '',
  '> # Not a section',
  '',
  '## Risks',
  '',
  'Late.',
  '',
  '# Appendix',
  '',
  'More.',
  '',
].join('\n');

function readOnlyStore(markdown: string): McpStore {
  const note: McpStoredNote = {
    kind: 'note',
    docId: NOTE,
    title: 'Plan',
    path: 'Plan.md',
    markdown,
    revision: 'Revision000000000001',
    updatedAt: '2026-03-01T12:00:00.000Z',
  };
  const refuse = () => Promise.reject(new Error('not in this test'));
  return {
    readNote: async (docId) => (docId === NOTE ? note : null),
    search: refuse,
    listNotes: refuse,
    createNote: refuse,
    updateNote: refuse,
    appendNote: refuse,
    editNote: refuse,
    moveNote: refuse,
    deleteNote: refuse,
  };
}

describe('edit_note: find and replace (MCP14)', () => {
  it('[MCP14] every edit applies against the text as it was, all together', () => {
    expect(
      applyTextEdits('a b c', [
        { oldText: 'c', newText: 'C' },
        { oldText: 'a', newText: 'A a' },
      ]),
    ).toEqual({
      ok: true,
      markdown: 'A a b C',
    });
  });

  it('[MCP14] a missing, repeated or overlapping oldText refuses them all, naming the edit', () => {
    const text = 'one two two three';
    expect(
      applyTextEdits(text, [
        { oldText: 'one', newText: '1' },
        { oldText: 'four', newText: '4' },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'TEXT_NOT_FOUND',
      message: expect.stringContaining('edit 2'),
    });
    expect(applyTextEdits(text, [{ oldText: 'two', newText: '2' }])).toMatchObject({
      ok: false,
      code: 'TEXT_AMBIGUOUS',
      message: expect.stringContaining('edit 1'),
    });
    expect(
      applyTextEdits(text, [
        { oldText: 'one two', newText: 'x' },
        { oldText: 'e tw', newText: 'y' },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: expect.stringContaining('edits 1 and 2'),
    });
  });

  it('[MCP14] any single-occurrence edit makes exactly the text with that span replaced (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.string(),
        (text, old, replacement) => {
          const at = text.indexOf(old);
          const result = applyTextEdits(text, [{ oldText: old, newText: replacement }]);
          if (at < 0) expect(result).toMatchObject({ code: 'TEXT_NOT_FOUND' });
          else if (text.indexOf(old, at + 1) >= 0) expect(result).toMatchObject({ code: 'TEXT_AMBIGUOUS' });
          else
            expect(result).toEqual({
              ok: true,
              markdown: text.slice(0, at) + replacement + text.slice(at + old.length),
            });
        },
      ),
    );
  });

  it('[MCP2, MCP14] edits are bounded: none, too many, or an empty oldText is INVALID_INPUT', async () => {
    const store = readOnlyStore(LONG);
    const edit = { oldText: 'a', newText: 'b' };
    for (const edits of [
      [],
      Array.from({ length: MCP_LIMITS.maxEdits + 1 }, () => edit),
      [{ oldText: '', newText: 'x' }],
    ]) {
      expect(await callMcpTool('edit_note', { docId: NOTE, edits }, store, { readOnly: false })).toMatchObject({
        code: 'INVALID_INPUT',
      });
    }
  });
});

describe('reading by part (MCP15)', () => {
  it('[MCP15] the outline lists top-level headings with their sections; front matter and quotes open none', () => {
    const outline = outlineOf(LONG);
    expect(outline.map(({ level, text }) => [level, text])).toEqual([
      [1, 'Plan'],
      [2, 'Goals'],
      [2, 'Risks'],
      [1, 'Appendix'],
    ]);
    const [plan, goals, risks, appendix] = outline;
    expect(LONG.slice(goals?.offset, (goals?.offset ?? 0) + (goals?.length ?? 0))).toBe(
      '## Goals\n\nShip it.\n\n> # Not a section\n\n',
    );
    expect(plan?.offset).toBe(LONG.indexOf('# Plan'));
    expect((plan?.offset ?? 0) + (plan?.length ?? 0)).toBe(appendix?.offset);
    expect((risks?.offset ?? 0) + (risks?.length ?? 0)).toBe(appendix?.offset);
    expect((appendix?.offset ?? 0) + (appendix?.length ?? 0)).toBe(LONG.length);
  });

  it('[MCP15] read_note with a section reads only it, paged; an unknown heading is SECTION_NOT_FOUND', async () => {
    const store = readOnlyStore(LONG);
    const risks = await callMcpTool('read_note', { docId: NOTE, section: ' Risks ' }, store, { readOnly: true });
    expect(risks).toMatchObject({
      ok: true,
      structuredContent: { text: '## Risks\n\nLate.\n\n', section: 'Risks', offset: 0, truncated: false },
    });
    const paged = await callMcpTool('read_note', { docId: NOTE, section: 'Goals', offset: 3, maxChars: 5 }, store, {
      readOnly: true,
    });
    expect(paged).toMatchObject({ structuredContent: { text: 'Goals', offset: 3, truncated: true } });
    expect(await callMcpTool('read_note', { docId: NOTE, section: 'Nope' }, store, { readOnly: true })).toMatchObject({
      ok: false,
      code: 'SECTION_NOT_FOUND',
    });
  });

  it('[MCP15] a 200,000-character note outlines within the bound, and a section reads within the read bound', async () => {
    const sections = Array.from({ length: 800 }, (_, index) => `## Part ${index}\n\n${'word '.repeat(48)}\n`);
    const markdown = `# Big\n\n${sections.join('\n')}`;
    expect(markdown.length).toBeGreaterThan(200_000);
    const store = readOnlyStore(markdown);
    const outline = await callMcpTool('outline_note', { docId: NOTE }, store, { readOnly: true });
    expect(outline).toMatchObject({ ok: true, structuredContent: { truncated: true, totalChars: markdown.length } });
    const headings = outline.ok ? (outline.structuredContent as { headings: unknown[] }).headings : [];
    expect(headings).toHaveLength(MCP_LIMITS.maxOutlineHeadings);
    expect(JSON.stringify(outline).length).toBeLessThan(60_000);
    const part = await callMcpTool('read_note', { docId: NOTE, section: 'Part 799' }, store, { readOnly: true });
    expect(part).toMatchObject({ ok: true, structuredContent: { truncated: false } });
    expect(part.ok && (part.structuredContent as { text: string }).text.startsWith('## Part 799')).toBe(true);
  });
});
