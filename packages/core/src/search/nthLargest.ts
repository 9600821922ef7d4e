/**
 * The n-th largest (1-based) of the first `count` values: quickselect (Hoare) on a copy, linear on average, where
 * sorting 100,000 scores would cost more than the search they come from.
 */
export function nthLargest(values: Float64Array, count: number, n: number): number {
  const copy = scratchOf(count);
  copy.set(values.subarray(0, count));
  let low = 0;
  let high = count - 1;
  const target = n - 1;
  while (low < high) {
    const pivot = copy[(low + high) >> 1] as number;
    let left = low;
    let right = high;
    while (left <= right) {
      while ((copy[left] as number) > pivot) left += 1;
      while ((copy[right] as number) < pivot) right -= 1;
      if (left <= right) {
        const swap = copy[left] as number;
        copy[left] = copy[right] as number;
        copy[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (target <= right) high = right;
    else if (target >= left) low = left;
    else break;
  }
  return copy[target] as number;
}

// The copy quickselect reorders, kept between calls: a query's 50,000 matches were 400 KB to allocate and collect
// each time. The function is synchronous, so one call uses it at a time.
let scratch = new Float64Array(0);

function scratchOf(count: number): Float64Array {
  if (scratch.length < count) scratch = new Float64Array(Math.max(count, scratch.length * 2));
  return scratch;
}
