import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docIdFromRandomBytes } from './docId';
import { formatNoteDocumentName, formatVaultDocumentName, isValidDocId, parseDocumentName } from './documentName';

describe('document names', () => {
  it('[DOC1] a note document is named note:<docId> and parses back to its id', () => {
    expect(parseDocumentName(formatNoteDocumentName('alicesFirstNote_0001'))).toEqual({
      ok: true,
      kind: 'note',
      docId: 'alicesFirstNote_0001',
    });
  });

  it.each([
    ['another prefix', 'vault:alicesFirstNote_0001'],
    ['no prefix', 'alicesFirstNote_0001'],
    ['a short id', 'note:abc'],
    ['a path in the id', 'note:../../etc/passwd00'],
    ['a NUL byte', 'note:alicesFirstNote_00\u0000'],
    ['an overlong name', `note:${'a'.repeat(200)}`],
  ])('[DOC1, DOC2, LIM4] refuses %s with DOCUMENT_NAME_INVALID', (_label, name) => {
    expect(parseDocumentName(name)).toMatchObject({ ok: false, code: 'DOCUMENT_NAME_INVALID' });
  });

  it('[DOC3] a vault channel is named vault:<vaultId>, a lowercase slug', () => {
    expect(parseDocumentName(formatVaultDocumentName('default'))).toEqual({
      ok: true,
      kind: 'vault',
      vaultId: 'default',
    });
    expect(parseDocumentName('vault:Default')).toMatchObject({ ok: false, code: 'DOCUMENT_NAME_INVALID' });
    expect(() => formatVaultDocumentName('../x')).toThrow(/invalid vaultId/);
  });

  it('[DOC2] formatting refuses an invalid id instead of producing a name the relay will refuse', () => {
    expect(() => formatNoteDocumentName('bad id')).toThrow(/invalid docId/);
  });

  it('[DOC2] every id made from random bytes is valid and round-trips through its document name', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 21, maxLength: 21 }), (bytes) => {
        const docId = docIdFromRandomBytes(bytes);
        expect(isValidDocId(docId)).toBe(true);
        expect(parseDocumentName(formatNoteDocumentName(docId))).toEqual({ ok: true, kind: 'note', docId });
      }),
    );
  });

  it('[DOC2] ids differ when the random bytes differ in their low six bits', () => {
    const zeros = new Uint8Array(21);
    const ones = new Uint8Array(21).fill(1);
    expect(docIdFromRandomBytes(zeros)).not.toBe(docIdFromRandomBytes(ones));
    expect(() => docIdFromRandomBytes(new Uint8Array(5))).toThrow(/need 21 bytes/);
  });
});
