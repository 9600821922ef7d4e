// Rule ids (MIR5, ACL6, BEN1…) tie code and tests to the rules they keep: a SPEC.md (or bench/README.md)
// defines each one in bold, code and tests cite it. This reads the texts only; checkRuleIds.mjs finds the files.
// Written by hand: no linter knows this project's rule ids.

/** An id: a family of 2–6 capitals and a number, with an optional letter (`MD4`, `LIM12`, `SEMV3`). */
const ID = /\b([A-Z]{2,6})(\d{1,3}[a-z]?)\b/g;
/** A span of ids written `ACC1–ACC4` (an en dash or a hyphen): every id between cites too. */
const SPAN = /\b([A-Z]{2,6})(\d{1,3})[–-]\1(\d{1,3})\b/g;
/** A definition: the id in bold (`**MIR5**`), or a bold heading that ends with it (`**Rounds (BEN7).**`). */
const DEFINITION = /\*\*(?:[^*\n]*\()?([A-Z]{2,6}\d{1,3}[a-z]?)\)?\.?\*\*/g;
/** A test's title and the bracketed tags at its start: `it('[MIR5][SW1] …'`. */
const TITLE_TAGS = /\b(?:it|test|describe)(?:\.\w+)?\(\s*(['"`])((?:\[[^\]]*\]\s*)+)/g;
const TAG_ID = /^[A-Z]{2,6}\d{1,3}[a-z]?$/;

/**
 * Problems with the rule ids in a tree: an id defined twice, an id cited (in code, tests, docs or a SPEC)
 * that no SPEC defines, a test tag that is no defined id, and a defined rule that no test cites.
 * `specs`: the defining files; `sources`: every other file, with `isTest` for test files.
 */
export function ruleIdProblems({ specs, sources }) {
  const problems = [];
  const defined = definitions(specs, problems);
  const families = new Set([...defined.keys()].map(familyOf));
  const citedByTests = new Set();
  for (const { path, text, isTest } of [...specs.map((spec) => ({ ...spec, isTest: false })), ...sources]) {
    for (const id of citedIds(text)) {
      if (defined.has(id)) {
        if (isTest) citedByTests.add(id);
      } else if (families.has(familyOf(id))) problems.push(`${path} cites ${id}, which no SPEC defines`);
    }
    if (!isTest) continue;
    for (const tag of titleTags(text)) {
      if (TAG_ID.test(tag) && !defined.has(tag)) problems.push(`${path} tags a test ${tag}, which no SPEC defines`);
    }
  }
  for (const [id, path] of defined) {
    if (!citedByTests.has(id)) problems.push(`${id} (${path}) is cited by no test`);
  }
  return problems;
}

function definitions(specs, problems) {
  const defined = new Map();
  for (const { path, text } of specs) {
    for (const [, id] of text.matchAll(DEFINITION)) {
      if (defined.has(id) && defined.get(id) !== path)
        problems.push(`${id} is defined in ${defined.get(id)} and ${path}`);
      else defined.set(id, path);
    }
  }
  return defined;
}

/** Every id a text names, spans expanded. */
export function citedIds(text) {
  const ids = new Set([...text.matchAll(ID)].map((match) => match[1] + match[2]));
  for (const [, family, from, to] of text.matchAll(SPAN)) {
    for (let number = Number(from); number <= Number(to) && number - Number(from) < 100; number += 1) {
      ids.add(`${family}${number}`);
    }
  }
  return ids;
}

function titleTags(text) {
  const tags = [];
  for (const match of text.matchAll(TITLE_TAGS)) {
    for (const [, inside] of match[2].matchAll(/\[([^\]]*)\]/g)) {
      for (const tag of inside.split(/[,\s]+/)) if (tag && !tag.includes('–')) tags.push(tag);
    }
  }
  return tags;
}

function familyOf(id) {
  return id.replace(/\d.*$/, '');
}
