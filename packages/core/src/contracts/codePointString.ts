import { z } from 'zod';
import { codePointLength } from '../mcp/jsonSchema';

/** Bounds of a string in code points, as JSON Schema's minLength and maxLength count. */
export interface CodePointBounds {
  readonly min?: number;
  readonly max?: number;
}

/**
 * A string bounded in code points, published as `minLength`/`maxLength`. zod's own `.min()`/`.max()`
 * count UTF-16 units, which would refuse 1,000,000 emoji that the published `maxLength` allows.
 * @example codePointString({ min: 1, max: 500 }).safeParse('😀').success // true
 */
export function codePointString(bounds: CodePointBounds): z.ZodString {
  const { min, max } = bounds;
  const checked = z.string().check((context) => {
    const text = context.value;
    // Counting code points costs a pass; UTF-16 length bounds it from above, so skip when it can.
    if (min !== undefined && (text.length < min || codePointLength(text) < min)) {
      context.issues.push({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: text });
    }
    if (max !== undefined && text.length > max && codePointLength(text) > max) {
      context.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: text });
    }
  });
  return checked.meta({
    ...(min === undefined ? {} : { minLength: min }),
    ...(max === undefined ? {} : { maxLength: max }),
  });
}
