import { describe, expect, it } from 'vitest';
import { CALLOUT_KINDS, calloutKindChoicesFor, calloutTitleFromInput, kindAfterChoice } from './calloutKinds';

describe('callout types and titles', () => {
  it('[CALL2] the select offers Obsidian’s types, its own selected in any case', () => {
    const { choices, selected } = calloutKindChoicesFor('WARNING');
    expect(choices.map((choice) => choice.value)).toEqual([...CALLOUT_KINDS]);
    expect(choices.find((choice) => choice.value === 'question')?.label).toBe('Question');
    expect(selected).toBe('warning');
    expect(calloutKindChoicesFor(null).selected).toBe('note');
  });

  it('[CALL2] an alias or a type of one’s own is offered first as typed, so it is kept until another is chosen', () => {
    const { choices, selected } = calloutKindChoicesFor('caution');
    expect(choices[0]).toEqual({ value: 'caution', label: 'Caution' });
    expect(choices).toHaveLength(CALLOUT_KINDS.length + 1);
    expect(selected).toBe('caution');
  });

  it('[CALL2] choosing the type a callout has (whatever its case) writes nothing; another type is written', () => {
    expect(kindAfterChoice('WARNING', 'warning')).toBeNull();
    expect(kindAfterChoice('note', 'danger')).toBe('danger');
    expect(kindAfterChoice(undefined, 'note')).toBeNull();
  });

  it('[CALL1] a typed title is trimmed to one line; an empty one removes the title', () => {
    expect(calloutTitleFromInput('  Check\nthe   backups ')).toBe('Check the backups');
    expect(calloutTitleFromInput('   ')).toBeNull();
  });
});
