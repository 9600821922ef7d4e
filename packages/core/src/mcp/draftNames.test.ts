import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateNotePath } from '../paths/notePath';
import { draftNameOf, draftPathsOf } from './draftNames';

describe('draft names (MCP16)', () => {
  it('[MCP16] a title becomes a file name links can name: path and link characters are dashes', () => {
    expect(draftNameOf('Letter to: ACME / Q3?')).toBe('Letter to- ACME - Q3-');
    expect(draftNameOf('#tag [x] |y|')).toBe('-tag -x- -y-');
    expect(draftNameOf('  Report   on\tsales. ')).toBe('Report on sales');
    expect(draftNameOf('...')).toBe('Draft');
    expect(draftNameOf('CON')).toBe('Draft');
    expect(Array.from(draftNameOf('é'.repeat(300)))).toHaveLength(120);
  });

  it('[MCP16] any title gives a valid note path in the drafts folder (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }), (title) => {
        for (const path of draftPathsOf('Drafts', draftNameOf(title), 3))
          expect(validateNotePath(path).ok, path).toBe(true);
      }),
    );
  });

  it('[MCP16] taken names are numbered on', () => {
    expect(draftPathsOf('Drafts', 'Letter', 3)).toEqual([
      'Drafts/Letter.md',
      'Drafts/Letter 2.md',
      'Drafts/Letter 3.md',
    ]);
  });
});
