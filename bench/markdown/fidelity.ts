/** The two ways the bench renders a note: CommonMark's soft breaks, and Obsidian's default of a newline as `<br>`. */
export type Rendering = 'commonMark' | 'breaks';

export const RENDERINGS: readonly Rendering[] = ['commonMark', 'breaks'];

/** One Markdown input of a set: a spec example or a file of the fixture vault. */
export interface FidelityCase {
  readonly id: string;
  readonly set: string;
  /** The spec section or the vault folder, to group failures by. */
  readonly section: string;
  readonly markdown: string;
}

/** What the bench measures with: the converter's round trip and an HTML renderer. */
export interface Converter {
  roundTrip(markdown: string): string;
  render(markdown: string, rendering: Rendering): string;
}

/** The HTML of the input and of the round trip's output (null when the round trip threw). */
export interface RenderedPair {
  readonly before: string;
  readonly after: string | null;
}

export interface CaseResult {
  readonly id: string;
  readonly set: string;
  readonly section: string;
  readonly input: string;
  readonly output: string | null;
  readonly error: string | null;
  readonly byteIdentical: boolean;
  /** A second round trip gives back the first one's output: the output is in the converter's normal form. */
  readonly stable: boolean;
  readonly renderIdentical: Readonly<Record<Rendering, boolean>>;
  readonly html: Readonly<Record<Rendering, RenderedPair>>;
}

/** Round-trips one case (twice, for stability) and compares the HTML of input and output under each rendering. */
export function measureCase(fidelityCase: FidelityCase, converter: Converter): CaseResult {
  return measureTrips(fidelityCase, roundTripsOf(fidelityCase.markdown, converter), converter.render);
}

/**
 * A case's two round trips made elsewhere (through a relay, say) judged as measureCase judges them: the first
 * trip's output against the input, the second's against the first.
 */
export function measureTrips(fidelityCase: FidelityCase, outcome: RoundTrips, render: Converter['render']): CaseResult {
  const { id, set, section, markdown: input } = fidelityCase;
  const output = outcome.ok ? outcome.first : null;
  const pairOf = (rendering: Rendering): RenderedPair => ({
    before: render(input, rendering),
    after: output === null ? null : render(output, rendering),
  });
  const html = { commonMark: pairOf('commonMark'), breaks: pairOf('breaks') };
  return {
    id,
    set,
    section,
    input,
    output,
    error: outcome.ok ? null : outcome.error,
    byteIdentical: output === input,
    stable: outcome.ok && outcome.second === outcome.first,
    renderIdentical: { commonMark: isSameHtml(html.commonMark), breaks: isSameHtml(html.breaks) },
    html,
  };
}

/** A case's output after one round trip and after a second one of that output, or why there is none. */
export type RoundTrips = { ok: true; first: string; second: string } | { ok: false; error: string };

// A converter that throws on one input must not end the bench: the case counts as failed on every column.
function roundTripsOf(input: string, converter: Converter): RoundTrips {
  try {
    const first = converter.roundTrip(input);
    return { ok: true, first, second: converter.roundTrip(first) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function isSameHtml(pair: RenderedPair): boolean {
  return pair.after === pair.before;
}

/** How many cases of a group passed each check. */
export interface FidelityTally {
  readonly cases: number;
  readonly renderIdentical: Readonly<Record<Rendering, number>>;
  readonly byteIdentical: number;
  readonly stable: number;
  readonly errors: number;
}

export function tallyResults(results: readonly CaseResult[]): FidelityTally {
  const count = (passes: (result: CaseResult) => boolean) => results.filter(passes).length;
  return {
    cases: results.length,
    renderIdentical: {
      commonMark: count((result) => result.renderIdentical.commonMark),
      breaks: count((result) => result.renderIdentical.breaks),
    },
    byteIdentical: count((result) => result.byteIdentical),
    stable: count((result) => result.stable),
    errors: count((result) => result.error !== null),
  };
}

/**
 * A case to show the engineer: its HTML changed under either rendering, or a second trip changed it again;
 * with `bytes`, also one whose Markdown came back different at all.
 */
export function isFailure(result: CaseResult, { bytes = false } = {}): boolean {
  const changed = !result.renderIdentical.commonMark || !result.renderIdentical.breaks || !result.stable;
  return changed || (bytes && !result.byteIdentical);
}

/** `count` of `total` as a share and a count, `92.3% (600)`; a dash when there is nothing to share. */
export function shareCell(count: number, total: number): string {
  if (total === 0) return '–';
  return `${((count / total) * 100).toFixed(1)}% (${count})`;
}
