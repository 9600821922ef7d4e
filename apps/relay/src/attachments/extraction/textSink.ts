/**
 * Collects extracted text up to a limit. Readers stop feeding once it is full, so a huge file costs no more than the
 * limit it is cut to.
 */
export interface TextSink {
  append(text: string): void;
  /** True once more than the limit arrived: the text will be truncated and further input is wasted work. */
  readonly isFull: boolean;
  finish(): { text: string; truncated: boolean };
}

export function createTextSink(maxChars: number): TextSink {
  const parts: string[] = [];
  let length = 0;
  return {
    append(text) {
      if (length > maxChars || text.length === 0) return;
      parts.push(text);
      length += text.length;
    },
    get isFull() {
      return length > maxChars;
    },
    finish() {
      const text = parts.join('');
      return text.length > maxChars ? { text: cutText(text, maxChars), truncated: true } : { text, truncated: false };
    },
  };
}

/** Cuts to at most `maxChars` UTF-16 units, one fewer when the cut would leave half of a surrogate pair. */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const splitsPair = isHighSurrogate(text.charCodeAt(maxChars - 1)) && isLowSurrogate(text.charCodeAt(maxChars));
  return text.slice(0, splitsPair ? maxChars - 1 : maxChars);
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
