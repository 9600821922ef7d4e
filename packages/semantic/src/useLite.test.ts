import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { loadUseLiteInNode } from './nodeFiles';
import { MAX_PIECES_PER_TEXT } from './textBudget';
import { USE_LITE_DIMENSIONS, USE_LITE_NAME } from './useLite';

// Building the model takes about a second: once for the whole file.
const { encoder } = await loadUseLiteInNode();

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
const embedOne = async (text: string) => (await encoder.embedBatch([text]))[0] ?? new Float32Array();

const TEXTS = [
  'refund window is 30 days',
  'how long do buyers have to return a purchase',
  'the cat sat on the mat',
  'Café naïve 東京 🎉',
  'Alice asked Bob to send Carol the quarterly report before Friday so that the board could review it.',
];

describe('USE lite encoder', () => {
  it('[SEM4] names itself and gives one 512-dimension unit vector per text', async () => {
    expect(encoder.name).toBe(USE_LITE_NAME);
    expect(encoder.dimensions).toBe(USE_LITE_DIMENSIONS);
    const vectors = await encoder.embedBatch(TEXTS);
    expect(vectors).toHaveLength(TEXTS.length);
    for (const vector of vectors) {
      expect(vector).toHaveLength(512);
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
    }
  });

  it('[SEM5] a blank text is all zeros and costs no model call', async () => {
    let vectors: Float32Array[] = [];
    const { kernels } = await tf.profile(async () => {
      vectors = await encoder.embedBatch(['', '  \n\t ']);
    });
    expect(kernels).toHaveLength(0);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) expect(vector.every((value) => value === 0)).toBe(true);
    // The same profile does see the model run for a text with words in it.
    expect((await tf.profile(() => encoder.embedBatch(['refund']))).kernels.length).toBeGreaterThan(0);
  });

  it('[SEM5] blank texts among others keep their places', async () => {
    const [blank, refund] = await encoder.embedBatch(['', TEXTS[0] ?? '']);
    expect(blank?.every((value) => value === 0)).toBe(true);
    expect(refund).toEqual(await embedOne(TEXTS[0] ?? ''));
  });

  it('[SEM6] a batch gives each text the vector it gets alone, within 1e-5', async () => {
    const longNote = `${TEXTS[4]} `.repeat(12);
    const texts = [...TEXTS, longNote, '', TEXTS[0] ?? ''];
    const batch = await encoder.embedBatch(texts);
    for (const [index, text] of texts.entries()) {
      const alone = await embedOne(text);
      const largestGap = Math.max(
        ...alone.map((value, dimension) => Math.abs(value - (batch[index]?.[dimension] ?? 0))),
      );
      expect(largestGap, text).toBeLessThan(1e-5);
    }
  });

  it("[SEM3] the model reads a text's first MAX_PIECES_PER_TEXT pieces only", async () => {
    const opening = Array.from({ length: MAX_PIECES_PER_TEXT }, (_, index) => ['the', 'and', 'of', 'to'][index % 4]);
    const [zebra, lecture] = await encoder.embedBatch([
      `${opening.join(' ')} zebra`,
      `${opening.join(' ')} quantum physics lecture notes`,
    ]);
    expect(zebra).toEqual(lecture);
  });

  it('[SEM7] every tensor a batch makes is disposed', async () => {
    await encoder.embedBatch(TEXTS);
    const before = tf.memory().numTensors;
    await encoder.embedBatch([...TEXTS, '']);
    expect(tf.memory().numTensors).toBe(before);
  });

  it('[SEM8] "refund window is 30 days" is closer to a question about returns than to a cat on a mat', async () => {
    const [refund, question, cat] = await encoder.embedBatch(TEXTS.slice(0, 3));
    if (!refund || !question || !cat) throw new Error('missing vectors');
    expect(dot(refund, question)).toBeGreaterThan(dot(refund, cat) + 0.2);
  });
});
