// Keeps docs/ARCHITECTURE.md's annotated tree true to the folders: every folder the tree names exists,
// and every source folder of a workspace (each folder directly under its src/, lib/ or components/, and
// test/) is named in its workspace's part of the tree. Reads texts only; checkArchitecture.mjs finds them.
// Written by hand: the tree is prose with folder names, which no tool checks.

/** A workspace's part of the tree starts at a line naming its folder at the first column. */
const SECTION = /^((?:apps|packages)\/[a-z-]+|e2e|bench|scripts|prisma)\/\s/;
/** A folder the tree names: indented, at the start of the line. */
const ENTRY = /^ {2}([A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*)\//;

/** The folders each workspace's part of the tree names at a line's start, by workspace folder. */
export function treeEntries(architecture) {
  return new Map([...sectionsOf(architecture)].map(([workspace, lines]) => [workspace, entriesIn(lines)]));
}

function entriesIn(lines) {
  return new Set(lines.flatMap((line) => ENTRY.exec(line)?.[1] ?? []));
}

/** Each workspace's part of the tree, as its lines. */
function sectionsOf(architecture) {
  const sections = new Map();
  let section = null;
  for (const line of architecture.split('\n')) {
    if (line.startsWith('## ')) section = null;
    const start = SECTION.exec(line);
    if (start) {
      section = start[1];
      sections.set(section, []);
    } else if (section) sections.get(section).push(line);
  }
  return sections;
}

// A subfolder may also be named inside its parent's description ("components/  …; tree/ (VaultTree…)").
function isNamedInText(lines, folder) {
  const name = folder.split('/').at(-1);
  return new RegExp(`(^|[\\s(;,/])${name.replace(/[.]/g, '\\.')}/`).test(lines.join('\n'));
}

/**
 * Problems: a named folder that does not exist, and a source folder the tree does not name.
 * `folders`: workspace folder → the folders under it, relative, as `src/mcp` (all of them, any depth);
 * `required`: workspace folder → the folders that must be named.
 */
export function architectureProblems(architecture, folders, required) {
  const problems = [];
  const sections = sectionsOf(architecture);
  const entries = treeEntries(architecture);
  for (const [workspace, named] of entries) {
    const existing = folders.get(workspace) ?? new Set();
    for (const folder of named) {
      if (!existing.has(folder)) problems.push(`ARCHITECTURE names ${workspace}/${folder}/, which does not exist`);
    }
  }
  for (const [workspace, needed] of required) {
    const named = entries.get(workspace) ?? new Set();
    for (const folder of needed) {
      if (!named.has(folder) && !isNamedInText(sections.get(workspace) ?? [], folder))
        problems.push(`ARCHITECTURE's tree does not name ${workspace}/${folder}/`);
    }
  }
  return problems;
}
