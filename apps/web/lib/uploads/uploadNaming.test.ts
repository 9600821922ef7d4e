import { LIMITS } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { planFileUploads } from './uploadNaming';

const small = (name: string) => ({ name, size: 1_000 });

describe('naming added files', () => {
  it('[PATH11] puts a file in the folder under its own name; a .md file is a note, anything else an attachment', () => {
    expect(planFileUploads([small('Scan.pdf'), small('Minutes.MD'), small('env')], 'Work', new Set())).toEqual([
      { kind: 'attachment', path: 'Work/Scan.pdf' },
      { kind: 'note', path: 'Work/Minutes.md' },
      { kind: 'attachment', path: 'Work/env' },
    ]);
  });

  it('[PATH12, PATH14] a dotfile or a name with a bidi control is refused here, never queued for the relay to refuse', () => {
    const plans = planFileUploads(
      [small('.env'), small('.obsidian.md'), small('invoice\u202Efdp.exe')],
      'Work',
      new Set(),
    );
    expect(plans.map((plan) => plan.kind)).toEqual(['refused', 'refused', 'refused']);
    expect(plans.map((plan) => (plan.kind === 'refused' ? plan.message : '')).join('\n')).toMatch(
      /PATH12: [^\n]*\n[^\n]*PATH12: [^\n]*\n[^\n]*PATH14: /,
    );
  });

  it('[PATH9] picks the first free "name 2.pdf", "name 3.pdf"… by key, counting earlier files of the batch', () => {
    const taken = new Set(['work/scan.pdf', 'work/minutes.md', 'work/archive.tar.gz']);
    expect(
      planFileUploads(
        [small('SCAN.pdf'), small('scan.pdf'), small('Minutes.md'), small('archive.tar.gz')],
        'Work',
        taken,
      ),
    ).toEqual([
      { kind: 'attachment', path: 'Work/SCAN 2.pdf' },
      { kind: 'attachment', path: 'Work/scan 3.pdf' },
      { kind: 'note', path: 'Work/Minutes 2.md' },
      { kind: 'attachment', path: 'Work/archive.tar 2.gz' },
    ]);
  });

  it('[PATH9] stores names in NFC, as paths are compared', () => {
    const decomposed = 'Cafe\u0301.png';
    expect(planFileUploads([small(decomposed)], '', new Set())).toEqual([{ kind: 'attachment', path: 'Café.png' }]);
    expect(planFileUploads([small(decomposed)], '', new Set(['café.png']))).toEqual([
      { kind: 'attachment', path: 'Café 2.png' },
    ]);
  });

  it('[ATT1, LIM12] refuses a file over the attachment limit before anything is stored, saying how large it is', () => {
    const plans = planFileUploads(
      [
        { name: 'Video.mp4', size: 51 * 1024 * 1024 },
        { name: 'Fits.mp4', size: LIMITS.maxAttachmentBytes },
        { name: 'Just over.mp4', size: LIMITS.maxAttachmentBytes + 1 },
      ],
      '',
      new Set(),
    );
    expect(plans).toEqual([
      { kind: 'refused', message: '“Video.mp4” was not added: it is 51 MB, larger than the 50 MB one file may be.' },
      { kind: 'attachment', path: 'Fits.mp4' },
      { kind: 'refused', message: expect.stringContaining('larger than the 50 MB one file may be') },
    ]);
  });

  it('[PATH5, PATH6] refuses a name the path rules refuse, in core’s words', () => {
    const [colon, trailingDot] = planFileUploads([small('a:b.pdf'), small('Report.')], '', new Set());
    expect(colon).toEqual({ kind: 'refused', message: expect.stringMatching(/^“a:b\.pdf” was not added: PATH5: /) });
    expect(trailingDot).toEqual({ kind: 'refused', message: expect.stringContaining('PATH6: ') });
  });
});
