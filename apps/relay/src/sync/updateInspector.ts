import { LIMITS } from '@baalda/core';

/** Why an update was refused: the structural rule it broke, for the close reason. */
export type UpdateVerdict = { ok: true } | { ok: false; message: string };

/**
 * WS8: walks an untrusted Yjs V1 update (struct groups, each struct's header and content, then the
 * delete set) without building anything, and refuses it when a declared count or length is larger than
 * the bytes left, when a value nests deeper than LIMITS.maxUpdateNestingDepth, when a tag is unknown, or
 * when bytes follow the delete set.
 * So no decoder behind it ever meets a count it would loop or allocate on (yjs#687) or a value that
 * recurses it off the stack. Work is linear in the bytes: every loop step consumes at least one byte.
 */
export function inspectUpdate(update: Uint8Array): UpdateVerdict {
  if (update.byteLength === 0) return { ok: false, message: 'Update is empty.' };
  try {
    const cursor = new ByteCursor(update);
    readStructGroups(cursor);
    readDeleteSet(cursor);
    // Y.applyUpdate would ignore them, but no Yjs encoder writes them: bytes after the delete set mean the
    // update is not what it claims (yjs#687's bytes are a near-empty V1 update followed by V2 garbage).
    if (cursor.remaining() > 0) return { ok: false, message: `Update has ${cursor.remaining()} bytes after its end.` };
    return { ok: true };
  } catch (error) {
    if (error instanceof UpdateRefused) return { ok: false, message: error.message };
    throw error;
  }
}

class UpdateRefused extends Error {}

/** Reads lib0's encodings, refusing (never clamping) anything that points past the end. */
class ByteCursor {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  remaining(): number {
    return this.bytes.byteLength - this.position;
  }

  readByte(): number {
    const byte = this.bytes[this.position];
    if (byte === undefined) throw new UpdateRefused('Update ended in the middle of a value.');
    this.position += 1;
    return byte;
  }

  readVarUint(): number {
    let value = 0;
    let multiplier = 1;
    // 8 groups of 7 bits cover Number.MAX_SAFE_INTEGER; lib0 itself refuses more.
    for (let group = 0; group < 8; group += 1) {
      const byte = this.readByte();
      value += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return value;
      multiplier *= 128;
    }
    throw new UpdateRefused('A number in the update is longer than 53 bits.');
  }

  /** A count of things still to read, each at least one byte: more than the bytes left is a lie. */
  readCount(what: string): number {
    const count = this.readVarUint();
    if (count > this.remaining()) {
      throw new UpdateRefused(`Update declares ${count} ${what} with ${this.remaining()} bytes left.`);
    }
    return count;
  }

  skipVarInt(): void {
    // lib0's signed varint: a continuation bit on every byte but the last, like an unsigned one.
    this.readVarUint();
  }

  skip(byteCount: number): void {
    if (byteCount > this.remaining()) throw new UpdateRefused('Update ended in the middle of a value.');
    this.position += byteCount;
  }

  readString(): string {
    const length = this.readCount('string bytes');
    const start = this.position;
    this.position += length;
    return new TextDecoder().decode(this.bytes.subarray(start, this.position));
  }

  skipString(): void {
    this.skip(this.readCount('string bytes'));
  }
}

// Item info byte (yjs Item.write): the low 5 bits pick the content, the high 3 say which ids follow.
const CONTENT_BITS = 0b11111;
const HAS_ORIGIN = 0b1000_0000;
const HAS_RIGHT_ORIGIN = 0b0100_0000;
const HAS_PARENT_SUB = 0b0010_0000;
const GC_STRUCT = 0;
const SKIP_STRUCT = 10;
// yjs typeRefs: YArray, YMap, YText, YXmlElement, YXmlFragment, YXmlHook, YXmlText.
const NAMED_TYPE_REFS = new Set([3, 5]);
const LAST_TYPE_REF = 6;

function readStructGroups(cursor: ByteCursor): void {
  const groups = cursor.readCount('client groups');
  for (let group = 0; group < groups; group += 1) {
    const structs = cursor.readCount('structs');
    cursor.readVarUint(); // client
    cursor.readVarUint(); // first clock
    for (let index = 0; index < structs; index += 1) readStruct(cursor);
  }
}

function readStruct(cursor: ByteCursor) {
  const info = cursor.readByte();
  const content = info & CONTENT_BITS;
  // GC and Skip carry a clock length only: a logical range, applied by yjs in O(1), not a byte count.
  if (content === GC_STRUCT || content === SKIP_STRUCT) return void cursor.readVarUint();
  if (info & HAS_ORIGIN) readId(cursor);
  if (info & HAS_RIGHT_ORIGIN) readId(cursor);
  if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
    const parentIsRootType = cursor.readVarUint() === 1;
    if (parentIsRootType) cursor.skipString();
    else readId(cursor);
    if (info & HAS_PARENT_SUB) cursor.skipString();
  }
  readContent(cursor, content);
}

function readId(cursor: ByteCursor): void {
  cursor.readVarUint();
  cursor.readVarUint();
}

function readContent(cursor: ByteCursor, content: number) {
  switch (content) {
    case 1: // deleted: a clock length, like GC
      return void cursor.readVarUint();
    case 2: // JSON: strings, each JSON.parse'd by yjs
      return repeat(cursor.readCount('JSON values'), () => checkJsonDepth(cursor.readString()));
    case 3: // binary
    case 4: // string
      return cursor.skipString();
    case 5: // embed
      return checkJsonDepth(cursor.readString());
    case 6: // format: key, then a JSON value
      cursor.skipString();
      return checkJsonDepth(cursor.readString());
    case 7:
      return readTypeRef(cursor);
    case 8: // Any values
      return repeat(cursor.readCount('values'), () => readAny(cursor, 1));
    case 9: // subdocument: guid, then options as an Any value
      cursor.skipString();
      return readAny(cursor, 1);
    default:
      throw new UpdateRefused(`Update has an item of unknown content type ${content}.`);
  }
}

function readTypeRef(cursor: ByteCursor): void {
  const typeRef = cursor.readVarUint();
  if (typeRef > LAST_TYPE_REF) throw new UpdateRefused(`Update has a shared type of unknown kind ${typeRef}.`);
  if (NAMED_TYPE_REFS.has(typeRef)) cursor.skipString();
}

// lib0's readAny tags, as 127 - byte: undefined, null, int, float32, float64, bigint, false, true, string,
// object, array, Uint8Array.
const FIXED_ANY_BYTES: Record<number, number> = { 127: 0, 126: 0, 124: 4, 123: 8, 122: 8, 121: 0, 120: 0 };

function readAny(cursor: ByteCursor, depth: number) {
  if (depth > LIMITS.maxUpdateNestingDepth) {
    throw new UpdateRefused(`Update nests a value deeper than ${LIMITS.maxUpdateNestingDepth} levels.`);
  }
  const tag = cursor.readByte();
  const fixed = FIXED_ANY_BYTES[tag];
  if (fixed !== undefined) return cursor.skip(fixed);
  if (tag === 125) return cursor.skipVarInt();
  if (tag === 119 || tag === 116) return cursor.skipString();
  if (tag === 118) {
    return repeat(cursor.readCount('object entries'), () => {
      cursor.skipString();
      readAny(cursor, depth + 1);
    });
  }
  if (tag === 117) return repeat(cursor.readCount('array items'), () => readAny(cursor, depth + 1));
  throw new UpdateRefused(`Update has a value of unknown type ${tag}.`);
}

/** JSON.parse copes with any depth, but the object it builds is walked recursively by yjs and by us. */
function checkJsonDepth(json: string): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth += 1;
    else if (char === ']' || char === '}') depth -= 1;
    if (depth > LIMITS.maxUpdateNestingDepth) {
      throw new UpdateRefused(`Update nests a value deeper than ${LIMITS.maxUpdateNestingDepth} levels.`);
    }
  }
}

function readDeleteSet(cursor: ByteCursor): void {
  const clients = cursor.readCount('delete-set clients');
  for (let client = 0; client < clients; client += 1) {
    cursor.readVarUint(); // client
    // Each range is a clock and a length: two varuints, so at least two bytes.
    repeat(cursor.readCount('deleted ranges'), () => readId(cursor));
  }
}

function repeat(times: number, step: () => void): void {
  for (let index = 0; index < times; index += 1) step();
}
