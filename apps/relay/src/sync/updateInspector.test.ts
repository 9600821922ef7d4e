import { LIMITS } from '@baalda/core';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRandom } from '../../test/seededRandom';
import { inspectUpdate } from './updateInspector';

/** The bytes of yjs#687: a V2 decoder loops on them forever. */
const YJS_687 = Buffer.from('00010000000001000100010200001602000001fdffffffff7f0000', 'hex');

/** Every update `edit` makes on a fresh doc, and the doc's whole state afterwards. */
function updatesOf(edit: (doc: Y.Doc) => void): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  edit(doc);
  updates.push(Y.encodeStateAsUpdate(doc));
  return updates;
}

function writeRichDocument(doc: Y.Doc): void {
  const fragment = doc.getXmlFragment('default');
  const heading = new Y.XmlElement('heading');
  heading.setAttribute('level', '2');
  heading.insert(0, [new Y.XmlText('Title')]);
  const paragraph = new Y.XmlElement('paragraph');
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  fragment.insert(0, [heading, paragraph]);
  text.insert(0, 'bold and plain ', { bold: true, link: { href: 'https://x.org', nested: { a: [1, 2] } } });
  text.insertEmbed(text.length, { image: { src: 'a.png', size: [3, 4] } });
  text.format(0, 4, { italic: true });
  text.delete(5, 3);
  const hook = new Y.XmlHook('hook');
  hook.set('k', 'v');
  fragment.insert(2, [hook as unknown as Y.XmlElement]);
}

function writeMapsAndArrays(doc: Y.Doc): void {
  const map = doc.getMap('meta');
  map.set('title', 'Note');
  map.set('numbers', [1, -1, 2 ** 40, -(2 ** 40), 1.5, Number.NaN, null, true, false]);
  map.set('object', { deep: { deeper: { list: ['x', { y: 'z' }] } }, empty: {} });
  map.set('bytes', new Uint8Array([0, 1, 255]));
  map.set('big', 12345678901234567890n);
  map.set('undefinedValue', undefined);
  map.set('child', new Y.Map());
  map.set('subdoc', new Y.Doc({ guid: 'sub-document-guid' }));
  const array = doc.getArray<unknown>('list');
  array.insert(0, [1, 'two', { three: 3 }, [4, [5]], new Uint8Array(3)]);
  array.delete(1, 2);
  map.delete('title');
  doc.getText('plain').insert(0, 'é漢字🙂');
}

/** Seeded random edits of text and XML: inserts, deletes and formats in several transactions. */
function writeRandomEdits(seed: number, doc: Y.Doc): void {
  const random = seededRandom(seed);
  const text = doc.getText('t');
  for (let step = 0; step < 200; step += 1) {
    const at = Math.floor(random() * (text.length + 1));
    const roll = random();
    if (roll < 0.5) text.insert(at, `w${step} `, random() < 0.3 ? { bold: true } : {});
    else if (roll < 0.8 && text.length > 0) text.delete(at % text.length, 1 + Math.floor(random() * 3));
    else text.format(0, Math.min(text.length, 5), { italic: random() < 0.5 ? true : null });
  }
}

/** A V1 update with one client group whose only struct is `writeStruct`'s. */
function craftUpdate(structCount: number, writeStruct: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, structCount);
  encoding.writeVarUint(encoder, 7); // client
  encoding.writeVarUint(encoder, 0); // clock
  writeStruct(encoder);
  encoding.writeVarUint(encoder, 0); // empty delete set
  return encoding.toUint8Array(encoder);
}

/** An item parented to root type `default`, with Any content `value`. */
function anyItem(value: (encoder: encoding.Encoder) => void): (encoder: encoding.Encoder) => void {
  return (encoder) => {
    encoding.writeUint8(encoder, 8);
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarString(encoder, 'default');
    encoding.writeVarUint(encoder, 1);
    value(encoder);
  };
}

function nestedArrays(depth: number): (encoder: encoding.Encoder) => void {
  return (encoder) => {
    for (let level = 0; level < depth; level += 1) {
      encoding.writeUint8(encoder, 117);
      encoding.writeVarUint(encoder, 1);
    }
    encoding.writeUint8(encoder, 126);
  };
}

describe('inspectUpdate (WS8)', () => {
  it('[WS8] passes every update of rich text, XML with attributes, formats, embeds and deletes', () => {
    for (const update of updatesOf(writeRichDocument)) expect(inspectUpdate(update)).toEqual({ ok: true });
  });

  it('[WS8] passes every update of maps and arrays of Any values, binary, subdocs and deletes', () => {
    for (const update of updatesOf(writeMapsAndArrays)) expect(inspectUpdate(update)).toEqual({ ok: true });
  });

  it('[WS8] passes merged and diffed updates', () => {
    const updates = updatesOf(writeRichDocument);
    expect(inspectUpdate(Y.mergeUpdates(updates))).toEqual({ ok: true });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.mergeUpdates(updates));
    expect(inspectUpdate(Y.encodeStateAsUpdate(doc, Y.encodeStateVector(new Y.Doc())))).toEqual({ ok: true });
  });

  for (const seed of [1, 42, 20261130]) {
    it(`[WS8] passes every update of random text edits (seed ${seed})`, () => {
      for (const update of updatesOf((doc) => writeRandomEdits(seed, doc))) {
        expect(inspectUpdate(update)).toEqual({ ok: true });
      }
    });
  }

  it('[WS8] refuses every strict prefix of a real update', () => {
    const update = Y.mergeUpdates(updatesOf(writeRichDocument));
    for (let length = 0; length < update.length; length += 1) {
      expect(inspectUpdate(update.subarray(0, length)).ok, `prefix of ${length}`).toBe(false);
    }
  });

  it("[WS8] refuses yjs#687's bytes", () => {
    expect(inspectUpdate(YJS_687)).toEqual({ ok: false, message: 'Update has 23 bytes after its end.' });
  });

  it('[WS8] refuses counts larger than the bytes left: structs, groups, strings, values, deletes', () => {
    const crafted = [
      craftUpdate(2 ** 31, anyItem(nestedArrays(0))),
      Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x07, 0]),
      craftUpdate(1, (encoder) => {
        encoding.writeUint8(encoder, 4);
        encoding.writeVarUint(encoder, 1);
        encoding.writeVarUint(encoder, 2 ** 40); // root type name length
      }),
      craftUpdate(
        1,
        anyItem((encoder) => {
          encoding.writeUint8(encoder, 117);
          encoding.writeVarUint(encoder, 2 ** 31);
        }),
      ),
      Uint8Array.from([0, 1, 1, 0xff, 0xff, 0xff, 0xff, 0x07]),
    ];
    for (const update of crafted) {
      expect(inspectUpdate(update)).toEqual({ ok: false, message: expect.stringMatching(/declares|ended/) });
    }
  });

  it('[WS8, LIM15] refuses Any values and JSON nested deeper than the limit, passes them at it', () => {
    expect(inspectUpdate(craftUpdate(1, anyItem(nestedArrays(LIMITS.maxUpdateNestingDepth - 1))))).toEqual({
      ok: true,
    });
    const deepAny = inspectUpdate(craftUpdate(1, anyItem(nestedArrays(100_000))));
    expect(deepAny).toEqual({ ok: false, message: expect.stringMatching(/deeper than 100 levels/) });
    const deepEmbed = craftUpdate(1, (encoder) => {
      encoding.writeUint8(encoder, 5);
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarString(encoder, 'default');
      encoding.writeVarString(encoder, `${'['.repeat(200)}${']'.repeat(200)}`);
    });
    expect(inspectUpdate(deepEmbed).ok).toBe(false);
  });

  it('[WS8] refuses unknown content, type and value tags, and an empty update', () => {
    const unknownContent = craftUpdate(1, (encoder) => encoding.writeUint8(encoder, 11));
    const unknownType = craftUpdate(1, (encoder) => {
      encoding.writeUint8(encoder, 7);
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarString(encoder, 'default');
      encoding.writeVarUint(encoder, 9);
    });
    const unknownValue = craftUpdate(
      1,
      anyItem((encoder) => encoding.writeUint8(encoder, 3)),
    );
    for (const update of [unknownContent, unknownType, unknownValue, new Uint8Array(0)]) {
      expect(inspectUpdate(update).ok).toBe(false);
    }
  });

  it('[WS8] walks a 2 MiB legitimate update in milliseconds: long strings, and many small structs', () => {
    const longStrings = new Y.Doc();
    const text = longStrings.getText('t');
    for (let index = 0; index < 2000; index += 1) text.insert(text.length, 'x'.repeat(1000), { bold: index % 2 === 0 });
    const manyStructs = new Y.Doc();
    const map = manyStructs.getMap('m');
    manyStructs.transact(() => {
      for (let index = 0; index < 150_000; index += 1) map.set(`key${index}`, index);
    });
    for (const doc of [longStrings, manyStructs]) {
      const update = Y.encodeStateAsUpdate(doc);
      expect(update.byteLength).toBeGreaterThan(2_000_000);
      const started = performance.now();
      expect(inspectUpdate(update)).toEqual({ ok: true });
      const elapsed = performance.now() - started;
      console.info(`[WS8] inspectUpdate on ${update.byteLength} bytes: ${elapsed.toFixed(2)} ms`);
      expect(elapsed).toBeLessThan(250);
    }
  });
});
