import { describe, expect, it } from 'vitest';
import { titleFromPath, utf8Length } from '../paths/notePath';
import type { McpSearchHit } from './mcpStore';
import { renderNoteList, renderSearchHits, renderTextPage, roundScore } from './renderAnswers';

/** Ten hits shaped like real ones: 21-character ids, BM25-sized scores, titles from paths (TTL1). */
function tenHits(pathLength: number): McpSearchHit[] {
  return Array.from({ length: 10 }, (_, index) => {
    const folder = 'Engineering/Incidents/';
    const name = `2025-05-0${index} Support desk sync tickets attached to the wrong customers`;
    const path = `${folder}${name.slice(0, pathLength - folder.length - 3)}.md`;
    const hit = { docId: `V1StGXR8_Z5jdHi6B-my${index}`, title: titleFromPath(path), path, kind: 'note' as const };
    return { ...hit, score: roundScore(12.3456789 / (index + 1)) };
  });
}

describe('rendering', () => {
  it('[MCP9] a 10-hit search answer as text, with 60-character paths, stays within 1.5 KB', () => {
    const hits = tenHits(60);
    expect(hits.every((hit) => hit.path.length === 60)).toBe(true);
    const text = renderSearchHits(hits);
    expect(utf8Length(text)).toBeLessThanOrEqual(1500);
    expect(text.split('\n')).toHaveLength(10);
  });

  it('[MCP9] its structuredContent is ~1.8 KB at 60-character paths and within 1.5 KB at the corpus median (45)', () => {
    // The pointer's five fields cost 81 bytes a hit before title and path, so at 60-character paths the
    // structured form alone passes 1.5 KB; this pins it from growing. bench/retrieval's median path is 45.
    expect(utf8Length(JSON.stringify({ hits: tenHits(60) }))).toBeLessThanOrEqual(1800);
    expect(utf8Length(JSON.stringify({ hits: tenHits(45) }))).toBeLessThanOrEqual(1500);
  });

  it('[MCP9] scores are rounded to 3 decimals', () => {
    expect([roundScore(2.4567891), roundScore(0.0004), roundScore(12.3455)]).toEqual([2.457, 0, 12.346]);
  });

  it('[MCP3] search text is one line per hit, marks attachments, and says so when nothing matched', () => {
    const hits: McpSearchHit[] = [
      { docId: 'V1StGXR8_Z5jdHi6B-myT', title: 'Refunds', path: 'Policies/Refunds.md', kind: 'note', score: 0.83 },
      { docId: 'ScanAttachmentId_01', title: 'Form.pdf', path: 'Scans/Form.pdf', kind: 'attachment', score: 0.5 },
    ];
    expect(renderSearchHits(hits)).toBe(
      '1. Refunds — Policies/Refunds.md (V1StGXR8_Z5jdHi6B-myT, score 0.83)\n' +
        '2. Form.pdf — Scans/Form.pdf (ScanAttachmentId_01, attachment, score 0.5)',
    );
    expect(renderSearchHits([])).toMatch(/^No notes match/);
  });

  it('[MCP4] a truncated page ends with a line naming the next offset; a whole one is the text alone', () => {
    const page = { text: 'abc', offset: 10, totalChars: 20, truncated: true };
    expect(renderTextPage(page, 'read_attachment_text')).toBe(
      'abc\n\n[Truncated: characters 10–13 of 20. Call read_attachment_text with offset 13 for the rest.]',
    );
    expect(renderTextPage({ ...page, truncated: false }, 'read_note')).toBe('abc');
  });

  it('[MCP1] an empty listing says so', () => {
    expect(renderNoteList({ notes: [], nextCursor: null })).toBe('No notes here.');
  });
});
