// An Obsidian-like vault made from generated content (the same every run): 173 notes in PARA-style folders
// with daily notes, wikilinks, embeds, tables, callouts and tasks, and 135 attachments (pasted PNG
// screenshots, JPEG photos, PDFs, canvases, CSV). `.obsidian/` is there too, which the mirror ignores (MIR2).
import { crc32, deflateSync } from 'node:zlib';
import { makePdf, seededRandom } from 'baalda-relay/testing';

/** The vault's files by path, and how many are notes and attachments (dotfolders not counted). */
export interface ObsidianVault {
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  readonly notes: number;
  readonly attachments: number;
}

const PROJECTS = ['Atlas', 'Beacon', 'Cedar', 'Delta launch', 'Ember', 'Fjord', 'Granite', 'Harbor']; // 8 × 6 notes
const PROJECT_PAGES = ['Spec', 'Decisions', 'Retro', 'Tasks', 'Kickoff meeting'];
const AREAS = ['Health', 'Finance', 'Home', 'Career']; // 4 × 5 notes
const AREA_PAGES = ['Overview', 'Goals', 'Log', 'Checklist', 'Links'];
const ROOT_NOTES = [
  'Home',
  'Inbox',
  'Ideas',
  'Reading list',
  'Contacts',
  'Glossary',
  'Goals 2026',
  'Weekly review',
  'Someday',
  'Tags',
];
const TEMPLATES = ['Daily template', 'Meeting template', 'Book template', 'Project template', 'Weekly template'];
const DAYS = 60;
const BOOKS = 15;
const ARTICLES = 15;
const SCREENSHOTS = 70;
const PHOTOS = 40;
const PAPERS = 15;
const WORDS = (
  'we agreed to ship the draft after review because the numbers look right but the timeline is tight and ' +
  'the team wants one more pass over the design notes budget risks customers feedback roadmap metrics'
).split(' ');

/** Builds the vault; `seed` picks the words, sizes and links. */
export function obsidianVault(seed = 173): ObsidianVault {
  const random = seededRandom(seed);
  const text = new Prose(random);
  const files = new Map<string, string | Uint8Array>();
  const screenshots = Array.from({ length: SCREENSHOTS }, (_, i) => `Attachments/Pasted image ${stamp(i)}.png`);
  const photos = Array.from({ length: PHOTOS }, (_, i) => `Attachments/IMG_${stamp(i).slice(0, 8)}_${1000 + i}.jpg`);
  const papers = Array.from({ length: PAPERS }, (_, i) => `Resources/Papers/Paper ${i + 1} - ${text.words(3)}.pdf`);
  const embeds = [...screenshots, ...photos].map((path) => path.split('/').at(-1) ?? path);
  const noteNames = [...PROJECTS, ...AREAS.map((area) => `${area} Overview`), ...ROOT_NOTES];
  const link = () => text.link(noteNames);
  for (let day = 0; day < DAYS; day += 1) {
    const images = embeds.splice(0, day < 50 ? 2 : 0).map((name) => `![[${name}]]`);
    files.set(`Daily/${date(day)}.md`, text.daily(date(day), link, images));
  }
  for (const project of PROJECTS) {
    files.set(`Projects/${project}/${project}.md`, text.projectHome(project, PROJECT_PAGES, embeds.splice(0, 1)));
    for (const page of PROJECT_PAGES)
      files.set(`Projects/${project}/${page}.md`, text.page(`${project} ${page}`, link));
    files.set(`Projects/${project}/${project}.canvas`, canvasOf(project));
  }
  for (const area of AREAS) {
    for (const page of AREA_PAGES) files.set(`Areas/${area}/${area} ${page}.md`, text.page(`${area} ${page}`, link));
  }
  for (let i = 0; i < BOOKS; i += 1) files.set(`Resources/Books/Book ${i + 1}.md`, text.book(i + 1, link));
  for (let i = 0; i < ARTICLES; i += 1)
    files.set(`Resources/Articles/Article ${i + 1}.md`, text.page(`Article ${i + 1}`, link));
  for (const name of ROOT_NOTES) files.set(`${name}.md`, text.page(name, link));
  for (const name of TEMPLATES)
    files.set(`Templates/${name}.md`, `# {{title}}\n\ncreated:: {{date}}\n\n## Notes\n\n- \n`);
  screenshots.forEach((path) => void files.set(path, pngOf(random)));
  photos.forEach((path) => void files.set(path, jpegShapedOf(random)));
  papers.forEach((path) => void files.set(path, makePdf([[text.words(12), text.words(12)], [text.words(10)]])));
  files.set('Areas/Finance/Budget 2026.csv', 'month,planned,spent\nJan,1200,1130\nFeb,1200,1275\n');
  files.set('Areas/Health/Runs.csv', 'date,km,minutes\n2026-09-01,5.2,29\n2026-09-03,7.9,44\n');
  files.set('.obsidian/app.json', '{"attachmentFolderPath":"Attachments","alwaysUpdateLinks":true}');
  files.set('.obsidian/workspace.json', JSON.stringify({ main: { type: 'split' }, lastOpenFiles: noteNames }));
  files.set('.obsidian/plugins/dataview/data.json', '{"enableDataviewJs":false}');
  const paths = [...files.keys()].filter((path) => !path.startsWith('.'));
  const notes = paths.filter((path) => path.endsWith('.md')).length;
  return { files, notes, attachments: paths.length - notes };
}

// Words, links and blocks drawn from one seeded generator.
class Prose {
  constructor(private readonly random: () => number) {}

  words(count: number): string {
    return Array.from({ length: count }, () => this.pick(WORDS)).join(' ');
  }

  paragraph(): string {
    const text = this.words(20 + Math.floor(this.random() * 60));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  link(names: readonly string[]): string {
    const name = this.pick(names);
    const shape = this.random();
    if (shape < 0.2) return `[[${name}|${this.words(2)}]]`;
    if (shape < 0.3) return `[[${name}#Notes]]`;
    return `[[${name}]]`;
  }

  daily(day: string, link: () => string, images: readonly string[]): string {
    return [
      `---\ntags: [daily]\ncreated: ${day}\n---`,
      `# ${day}`,
      '## Tasks',
      `- [x] ${this.words(4)} ${link()}\n- [ ] ${this.words(5)}\n- [ ] ${this.words(3)} #followup`,
      '## Log',
      `${this.paragraph()} See ${link()} and ${link()}.`,
      ...images,
      this.random() < 0.3 ? `> [!tip] ${this.words(2)}\n> ${this.paragraph()}` : this.paragraph(),
    ].join('\n\n');
  }

  projectHome(project: string, pages: readonly string[], images: readonly string[]): string {
    return [
      `---\ntags: [project]\naliases: [${project} home]\nstatus: active\n---`,
      `# ${project}`,
      `> [!info] Status\n> ${this.paragraph()}`,
      ...pages.map((page) => `- [[${page}]]`),
      '| milestone | owner | due |\n| --- | --- | --- |\n| design | alice | 2026-10-01 |\n| beta | bob | 2026-11-15 |',
      ...images.map((name) => `![[${name}|400]]`),
      `![[${project}.canvas]]`,
    ].join('\n\n');
  }

  page(title: string, link: () => string): string {
    const blocks = [`# ${title}`, this.paragraph(), `## Notes`, `${this.paragraph()} ${link()}`];
    const extras = Math.floor(this.random() * 4);
    for (let i = 0; i < extras; i += 1) blocks.push(this.extraBlock(link));
    return blocks.join('\n\n');
  }

  book(index: number, link: () => string): string {
    return [
      `---\ntags: [book]\nauthor: ${this.words(2)}\nrating: ${1 + (index % 5)}\n---`,
      `# Book ${index}`,
      `> [!quote] ${this.words(3)}\n> ${this.paragraph()}`,
      `## Notes\n\n${this.paragraph()} ^note-${index}`,
      `Related: ${link()}, ${link()}`,
    ].join('\n\n');
  }

  private extraBlock(link: () => string): string {
    const kind = Math.floor(this.random() * 5);
    if (kind === 0) return `> [!warning]- ${this.words(3)}\n> ${this.paragraph()}`;
    if (kind === 1)
      return `| item | value |\n| --- | --- |\n| ${this.words(2)} | ${this.words(1)} |\n| ${link()} | ==${this.words(1)}== |`;
    if (kind === 2) return '```dataview\nTABLE status FROM #project\n```';
    if (kind === 3) return `1. ${this.words(4)}\n2. ${this.words(5)}\n   - ${this.words(3)} ${link()}`;
    return `${this.paragraph()}[^1]\n\n[^1]: ${this.words(6)}`;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }
}

function date(day: number): string {
  return new Date(Date.UTC(2026, 8, 1 + day)).toISOString().slice(0, 10);
}

/** Obsidian's pasted-image stamp: YYYYMMDDhhmmss. */
function stamp(index: number): string {
  return `${date(index % DAYS).replaceAll('-', '')}${String(90_000 + index * 137).padStart(6, '0')}`;
}

function canvasOf(project: string): string {
  const node = (id: string, file: string, x: number) => ({ id, type: 'file', file, x, y: 0, width: 400, height: 300 });
  const nodes = [node('a', `Projects/${project}/Spec.md`, 0), node('b', `Projects/${project}/Tasks.md`, 500)];
  return JSON.stringify({ nodes, edges: [{ id: 'e', fromNode: 'a', toNode: 'b' }] }, null, 2);
}

/** A real PNG of noise (it barely compresses): 40–160 × 30–120 pixels, about 4–57 KB. */
export function pngOf(random: () => number): Uint8Array {
  const width = 40 + Math.floor(random() * 120);
  const height = 30 + Math.floor(random() * 90);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.of(0), noise(random, width * 3)])),
  );
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const signature = Buffer.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * JPEG-shaped bytes of 8–80 KB: a JFIF header, comment segments of noise, the end marker. Neither the
 * mirror nor the relay decodes images (no extraction for them), so only the bytes and the name matter.
 */
function jpegShapedOf(random: () => number): Uint8Array {
  const jfif = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const segments: Buffer[] = [];
  for (let left = 8_000 + Math.floor(random() * 72_000); left > 0; left -= 60_000) {
    const length = Math.min(left, 60_000);
    const segment = Buffer.alloc(length + 4);
    segment.set([0xff, 0xfe, (length + 2) >> 8, (length + 2) & 0xff]);
    noise(random, length).copy(segment, 4);
    segments.push(segment);
  }
  return Buffer.concat([jfif, ...segments, Buffer.of(0xff, 0xd9)]);
}

function noise(random: () => number, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
}
