// The rule-id check's own test (`npm run lint` runs it with `node --test scripts/`): each kind of problem
// planted in a small tree is found, and a clean tree has none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedIds, ruleIdProblems } from './ruleIds.mjs';

const spec = { path: 'SPEC.md', text: '- **MIR1** a rule.\n- **MIR2** another.\n**Rounds (BEN7).** A bench rule.' };
const test = (text) => ({ path: 'a.test.ts', text, isTest: true });
const code = (text) => ({ path: 'a.ts', text, isTest: false });
const covered = test("it('[MIR1][MIR2][BEN7] all of them', () => {});");

describe('rule ids', () => {
  it('a tree whose rules are defined once and each cited by a test has no problem', () => {
    assert.deepEqual(ruleIdProblems({ specs: [spec], sources: [covered, code('// keeps MIR2')] }), []);
  });

  it('an id of a known family that no SPEC defines is named where it is cited', () => {
    const problems = ruleIdProblems({ specs: [spec], sources: [covered, code('// as MIR9 says')] });
    assert.deepEqual(problems, ['a.ts cites MIR9, which no SPEC defines']);
  });

  it('a test tagged with an id of no known family is named', () => {
    const tagged = test("it('[MIR1][MIR2][BEN7][SYNC3] all', () => {});");
    assert.deepEqual(ruleIdProblems({ specs: [spec], sources: [tagged] }), [
      'a.test.ts tags a test SYNC3, which no SPEC defines',
    ]);
  });

  it('a rule cited only outside tests is cited by no test', () => {
    const problems = ruleIdProblems({
      specs: [spec],
      sources: [test("it('[MIR1][BEN7] x', () => {});"), code('MIR2')],
    });
    assert.deepEqual(problems, ['MIR2 (SPEC.md) is cited by no test']);
  });

  it('an id defined in two files is named with both', () => {
    const again = { path: 'other/SPEC.md', text: '- **MIR2** the same id again.' };
    assert.deepEqual(ruleIdProblems({ specs: [spec, again], sources: [covered] }), [
      'MIR2 is defined in SPEC.md and other/SPEC.md',
    ]);
  });

  it('a span cites every id in it, and words that only look like ids are not ids of a known family', () => {
    assert.deepEqual([...citedIds('ACC1–ACC3 and LIM2-LIM3')].sort(), ['ACC1', 'ACC2', 'ACC3', 'LIM2', 'LIM3']);
    assert.deepEqual(ruleIdProblems({ specs: [spec], sources: [covered, code('SHA256, UTF8, ES2022')] }), []);
  });
});
