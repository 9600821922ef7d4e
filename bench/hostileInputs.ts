// `npm run bench -- --only hostile-inputs`: how long the inputs built to blow up a parser take (MD3, SEM2), against an
// ordinary input of the same size measured in the same run. The tests check only that they finish and lose
// nothing: how fast depends on the machine, so it is measured here (also in the default run).
import { applyMarkdownEdit, extractPlainText, markdownOfDocument } from '@baalda/markdown';
import { createSentencePieceTokenizer } from '@baalda/semantic';
import { readUseLiteFiles } from '@baalda/semantic/node';
import * as Y from 'yjs';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { median } from './stats';

const ROUNDS = 5;

/** Median ms of `rounds` runs of `work`, after one run to warm up. */
function timeOf(work: () => unknown, rounds = ROUNDS): number {
  work();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function docOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return doc;
}

function nestedLists(levels: number): string {
  let nested = '';
  for (let level = 0; level < levels; level++) nested += `${'  '.repeat(level)}- item${level}\n`;
  return nested;
}

const ORDINARY_PROSE = 'An ordinary sentence of a note, with words. '.repeat(2300);

/** MD3's hostile Markdown, each beside the same number of characters of ordinary prose (the baseline). */
function markdownMeasurements(): Measurement[] {
  const long = Array.from({ length: 2000 }, (_, index) => `Paragraph ${index} ${'x'.repeat(40)}.`).join('\n\n');
  const cases: Array<[string, () => unknown]> = [
    [
      '100k characters of inline marks and links, read and written',
      () => markdownOfDocument(docOf('word *x* [y](z) '.repeat(6250))),
    ],
    ['500 nested list levels, read', () => extractPlainText(docOf(nestedLists(500)))],
    ['100k quote markers, read', () => extractPlainText(docOf(`${'>'.repeat(100_000)} deep`))],
    [
      'a 2,000-paragraph note rewritten, then replaced',
      () => {
        const doc = docOf(long);
        applyMarkdownEdit(doc, long.replace(/Paragraph 1(\d)/g, 'Changed 1$1').replace(/x{40}/g, 'y'.repeat(45)));
        applyMarkdownEdit(doc, '# all new\n');
      },
    ],
  ];
  const baseline = timeOf(() => markdownOfDocument(docOf(ORDINARY_PROSE.slice(0, 100_000))));
  return withItsBaseline('MD3 baseline: 100k characters of prose, read and written', baseline, [
    ...cases.map(([name, work]): [string, number] => [`MD3 ${name}`, timeOf(work)]),
  ]);
}

/** SEM2's hostile megabytes for the tokenizer, beside a megabyte of prose (the baseline). */
async function tokenizerMeasurements(): Promise<Measurement[]> {
  const tokenizer = createSentencePieceTokenizer((await readUseLiteFiles()).vocabulary);
  const time = (text: string) => timeOf(() => tokenizer.encode(text));
  const baseline = time(ORDINARY_PROSE.repeat(10).slice(0, 1_000_000));
  const cases: Array<[string, string]> = [
    ['SEM2 a megabyte of one letter', 'a'.repeat(1_000_000)],
    ['SEM2 a megabyte of a character NFKC makes into 18', '\ufdfa'.repeat(1_000_000)],
    ['SEM2 half a million symbols the vocabulary lacks', '\u{1f9ff}'.repeat(500_000)],
  ];
  return withItsBaseline(
    'SEM2 baseline: a megabyte of prose, tokenized',
    baseline,
    cases.map(([name, text]): [string, number] => [name, time(text)]),
  );
}

/** The baseline's own measurement, then each case's with the baseline beside it. */
function withItsBaseline(
  baselineName: string,
  baseline: number,
  cases: ReadonlyArray<[string, number]>,
): Measurement[] {
  const named = (name: string) => `hostile input, ${name} (p50 of ${ROUNDS})`;
  return [
    { name: named(baselineName), unit: 'ms', value: baseline },
    ...cases.map(
      ([name, value]): Measurement => ({
        name: named(name),
        unit: 'ms',
        value,
        baseline: { label: 'ordinary input, same size', value: baseline },
      }),
    ),
  ];
}

/** `hostile-inputs`: MD3's and SEM2's inputs built to blow up a parser, each beside an ordinary input. */
export const hostileInputsBench = defineBench({
  name: 'hostile-inputs',
  description: "MD3's hostile Markdown and SEM2's hostile tokenizer input, each beside an ordinary input of its size",
  flags: {},
  inDefaultRun: true,
  run: async () => [...markdownMeasurements(), ...(await tokenizerMeasurements())],
});
