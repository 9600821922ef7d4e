/** A stored vector in int8: `values[d] × scale` approximates dimension `d`. */
export interface QuantizedRow {
  readonly values: Int8Array;
  /** A float32 value (already rounded to one), so a Float32Array stores it exactly. */
  readonly scale: number;
}

const INT8_MAX = 127;

/**
 * SRCH4: a note's vector as the search copies store it — int8 with one scale per row (the largest
 * magnitude maps to ±127). A quarter of float32's memory; the relay and the browser both store this
 * form and score it with the same functions, so they still rank alike bit for bit. A row's own
 * scale, not a fixed 1/127: a 200-word note's unit vector has no component near 1, and a fixed scale
 * would spend most of int8's range on values that never occur.
 * @example quantizeRow(new Float32Array([0.6, -0.8])) // values [95, -127], scale ≈ 0.0063
 */
export function quantizeRow(vector: Float32Array): QuantizedRow {
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  const values = new Int8Array(vector.length);
  if (largest === 0) return { values, scale: 0 };
  const scale = Math.fround(largest / INT8_MAX);
  for (let dim = 0; dim < vector.length; dim += 1) {
    const steps = Math.round((vector[dim] as number) / scale);
    values[dim] = Math.max(-INT8_MAX, Math.min(INT8_MAX, steps));
  }
  return { values, scale };
}
