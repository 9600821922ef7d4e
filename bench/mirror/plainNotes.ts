// The mirror bench's large vault: plain notes of ~200 words in 20 folders, the same for every run.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { seededRandom } from 'baalda-relay/testing';

/** A note by its vault path and Markdown. */
export interface BenchNote {
  readonly path: string;
  readonly markdown: string;
}

const FOLDERS = [
  'Projects',
  'Meetings',
  'Research',
  'Journal',
  'Recipes',
  'Reading',
  'Travel',
  'Support',
  'Design',
  'Hiring',
  'Finance',
  'Garden',
  'Writing',
  'Health',
  'Music',
  'Courses',
  'Ideas',
  'Home',
  'Releases',
  'Ops',
];

const WORDS = (
  'the relay keeps every note in step while people edit offline and the mirror writes plain files that ' +
  'editors open search finds words across folders versions capture quiet notes conflicts get names a ' +
  'vault holds attachments tokens open sockets documents sync merge paragraphs headings lists tables ' +
  'links tasks meetings budgets ideas drafts reviews releases garden recipes travel tickets'
).split(' ');

/** `count` notes of ~200 words (a heading, four paragraphs, a short list), in folders of `count / 20`. */
export function plainNotes(count: number, seed = 1): BenchNote[] {
  const random = seededRandom(seed);
  const words = (length: number) =>
    Array.from({ length }, () => WORDS[Math.floor(random() * WORDS.length)] ?? 'note').join(' ');
  return Array.from({ length: count }, (_, index) => {
    const folder = FOLDERS[index % FOLDERS.length] ?? 'Notes';
    const paragraphs = Array.from({ length: 4 }, () => `${capitalized(words(42))}.`);
    const list = Array.from({ length: 3 }, () => `- ${words(4)}`).join('\n');
    const markdown = [`# ${folder} note ${index}`, ...paragraphs, list].join('\n\n');
    return { path: `${folder}/${folder} note ${index}.md`, markdown: `${markdown}\n` };
  });
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Writes `files` (vault path → text or bytes) under `root`, making folders as needed. */
export async function writeFiles(root: string, files: Iterable<readonly [string, string | Uint8Array]>) {
  for (const [path, content] of files) {
    const file = join(root, ...path.split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}
