import { type CaseResult, RENDERINGS, type Rendering, shareCell, tallyResults } from './fidelity';
import { lineDiff } from './lineDiff';

/** A row of the summary table: a label and the results it counts. */
export interface ResultGroup {
  readonly label: string;
  readonly results: readonly CaseResult[];
}

export const SUMMARY_HEADER = [
  'set',
  'cases',
  'render-identical (CommonMark)',
  'render-identical (breaks: true)',
  'byte-identical',
  'stable (2nd trip = 1st)',
];

export function summaryRow({ label, results }: ResultGroup): string[] {
  const tally = tallyResults(results);
  const share = (count: number) => shareCell(count, tally.cases);
  return [
    label,
    String(tally.cases),
    share(tally.renderIdentical.commonMark),
    share(tally.renderIdentical.breaks),
    share(tally.byteIdentical),
    share(tally.stable),
  ];
}

/** One group per section of each set, in the order the sets and sections first appear. */
export function sectionGroups(results: readonly CaseResult[]): ResultGroup[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const label = `${result.set}: ${result.section}`;
    groups.set(label, [...(groups.get(label) ?? []), result]);
  }
  return [...groups].map(([label, members]) => ({ label, results: members }));
}

const RENDERING_NAMES: Readonly<Record<Rendering, string>> = { commonMark: 'CommonMark', breaks: 'breaks: true' };

export const FAILURE_LEGEND =
  'Each failing case: what changed, then input → output and each rendering that changed as a line diff\n' +
  "(' ' both, '-' before the round trip only, '+' after only); a tab shows as →, a trailing space as ·.\n";

/** A failing case as text for the engineer: its id and section, input against output, each changed HTML. */
export function failureText(result: CaseResult): string {
  const changed = RENDERINGS.filter((rendering) => !result.renderIdentical[rendering]).map(
    (rendering) => `HTML differs (${RENDERING_NAMES[rendering]})`,
  );
  if (!result.stable) changed.push('a second round trip changes it again');
  if (changed.length === 0) changed.push('renders the same, bytes differ');
  const parts = [`── ${result.id} [${result.section}]: ${changed.join('; ')}`];
  if (result.error !== null) parts.push(`round trip threw: ${result.error}`, diffText(result.input, ''));
  else parts.push('markdown, input → output:', diffText(result.input, result.output ?? ''));
  for (const rendering of RENDERINGS) {
    const { before, after } = result.html[rendering];
    if (after === null || result.renderIdentical[rendering]) continue;
    parts.push(`HTML (${RENDERING_NAMES[rendering]}), before → after:`, diffText(before, after));
  }
  return `${parts.join('\n')}\n`;
}

function diffText(before: string, after: string): string {
  return lineDiff(before, after)
    .map(({ sign, text }) => `  ${sign} ${visibleWhitespace(text)}`)
    .join('\n');
}

// A tab and a trailing space change what Markdown means, and a terminal shows neither.
function visibleWhitespace(line: string): string {
  return line.replaceAll('\t', '→').replace(/ +$/, (spaces) => '·'.repeat(spaces.length));
}
