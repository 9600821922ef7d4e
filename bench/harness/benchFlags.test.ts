import { describe, expect, it } from 'vitest';
import { type Bench, defineBench, wholeNumber } from './benchDefinition';
import { optionsFor, parseOptionsOf } from './benchFlags';
import { selectBenches } from './selection';

const benchOf = (name: string, flags: Bench['flags'], inDefaultRun = true): Bench =>
  defineBench({ name, description: name, flags, inDefaultRun, run: async () => [] });

const FANOUT = benchOf('fanout', { rounds: { type: 'string', description: '', default: '3' } });
const IMPORT = benchOf('semantic-import', { rounds: { type: 'string', description: '', default: '5' } });
const SOAK = benchOf('soak', { 'without-bare': { type: 'boolean', description: '' } }, false);

describe('one command line for every bench (BEN13)', () => {
  it('[BEN13] a flag two benches declare is one flag; each bench keeps its own default', () => {
    expect(parseOptionsOf([FANOUT, IMPORT, SOAK])).toMatchObject({
      rounds: { type: 'string' },
      'without-bare': { type: 'boolean' },
      only: { type: 'string' },
    });
    expect(optionsFor(FANOUT, {})).toEqual({ rounds: '3' });
    expect(optionsFor(IMPORT, {})).toEqual({ rounds: '5' });
    expect(optionsFor(IMPORT, { rounds: '7', 'without-bare': true })).toEqual({ rounds: '7' });
    expect(optionsFor(SOAK, {})).toEqual({ 'without-bare': false });
  });

  it('[BEN13] refuses two benches that declare one flag with different types', () => {
    const clash = benchOf('clash', { rounds: { type: 'boolean', description: '' } });
    expect(() => parseOptionsOf([FANOUT, clash])).toThrow(/--rounds is a string flag of bench fanout and a boolean/);
    expect(() => parseOptionsOf([benchOf('own', { only: { type: 'boolean', description: '' } })])).toThrow(/--only/);
  });

  it('[BEN13] a flag value that is not a whole number is refused, naming the flag', () => {
    expect(wholeNumber('12', 'edits')).toBe(12);
    for (const bad of ['0', '1.5', 'ten', '']) expect(() => wholeNumber(bad, 'edits')).toThrow(/--edits/);
  });
});

describe('which benches run (BEN13)', () => {
  const benches = [FANOUT, IMPORT, SOAK];
  const names = (chosen: readonly Bench[]) => chosen.map((bench) => bench.name);

  it('[BEN13] runs the default set without --only, and what --only names, in the registry’s order', () => {
    expect(names(selectBenches(benches))).toEqual(['fanout', 'semantic-import']);
    expect(names(selectBenches(benches, 'soak,fanout'))).toEqual(['fanout', 'soak']);
    expect(names(selectBenches(benches, 'default,soak', 'fanout'))).toEqual(['semantic-import', 'soak']);
  });

  it('[BEN13] refuses a bench name it does not know before anything runs', () => {
    expect(() => selectBenches(benches, 'fanuot')).toThrow(/--only: no bench named fanuot/);
    expect(() => selectBenches(benches, undefined, 'default')).toThrow(/--skip: no bench named default/);
  });
});
