#!/usr/bin/env node
// Fails when a rule id is cited but defined by no SPEC, tagged on a test but undefined, defined twice, or
// defined and cited by no test (ruleIds.mjs). The files are every tracked SPEC.md and the bench's READMEs (the
// definitions) and every tracked source and Markdown file (the citations); fixtures and vendored sample
// vaults are other people's words and are left out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleIdProblems } from './ruleIds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|md)$/;
const NOT_OURS = [/\/fixtures\//, /^bench\/markdown\/vault\//, /\/generated\//, /^\.library\//];
const TEST = /\.(test|spec)\.(ts|tsx|mjs)$|^e2e\/tests\//;
const DEFINES = /(^|\/)SPEC\.md$|^bench\/(.+\/)?README\.md$/;

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root })
  .toString()
  .split('\0')
  .filter((path) => SOURCE.test(path) && !NOT_OURS.some((pattern) => pattern.test(path)));
const read = (path) => ({ path, text: readFileSync(join(root, path), 'utf8') });
const specs = tracked.filter((path) => DEFINES.test(path)).map(read);
const sources = tracked
  .filter((path) => !DEFINES.test(path) && path !== 'scripts/ruleIds.test.mjs')
  .map((path) => ({ ...read(path), isTest: TEST.test(path) }));

const problems = ruleIdProblems({ specs, sources });
for (const problem of problems) console.error(`rule ids: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`rule ids: ${specs.length} files define them, ${sources.length} files checked`);
