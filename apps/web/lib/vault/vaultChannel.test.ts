import { describe, expect, it } from 'vitest';
import { parseTreeChanged } from './vaultChannel';

describe('tree news from the relay', () => {
  it('reads treeChanged messages and ignores anything else', () => {
    expect(parseTreeChanged('{"type":"treeChanged","version":12}')).toBe(12);
    expect(parseTreeChanged('{"type":"somethingElse","version":12}')).toBeNull();
    expect(parseTreeChanged('{"type":"treeChanged","version":"12"}')).toBeNull();
    expect(parseTreeChanged('not json')).toBeNull();
  });
});
