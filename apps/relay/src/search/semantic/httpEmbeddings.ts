import type { SentenceEncoder } from '@baalda/core';
import { z } from 'zod';
import { EmbeddingUnavailable } from './embeddingWorkers';

/** SEMV7: an OpenAI-compatible `/v1/embeddings` endpoint (a local Ollama, say) as the relay's encoder. */
export interface HttpEmbeddingsSettings {
  /** The API's base, e.g. `http://127.0.0.1:11434/v1`; `/embeddings` is appended. */
  readonly url: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  readonly apiKey?: string;
  /** What the model returns; checked on every answer, since stored vectors of another length can't be compared. */
  readonly dimensions: number;
}

// Bounds of one request: texts per call, characters per text (an embedding model reads a few hundred words at
// most; longer text would only cost upload), and how long an answer may take.
const TEXTS_PER_REQUEST = 32;
const MAX_CHARS_PER_TEXT = 8_000;
const REQUEST_TIMEOUT_MS = 30_000;

const EMBEDDINGS_ANSWER = z.object({
  data: z.array(z.object({ index: z.int().min(0), embedding: z.array(z.number()) })),
});

/**
 * SEMV7: embeds through HTTP; every failure (unreachable, refused, malformed, wrong length) is an
 * EmbeddingUnavailable: the backlog retries the note later, a query falls back to words.
 */
export class HttpEmbeddings implements SentenceEncoder {
  readonly name: string;
  readonly dimensions: number;
  readonly isUnavailable = false;

  constructor(private readonly settings: HttpEmbeddingsSettings) {
    this.name = `openai:${settings.model}@${settings.dimensions}`;
    this.dimensions = settings.dimensions;
  }

  async embedBatch(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += TEXTS_PER_REQUEST)
      vectors.push(...(await this.request(texts.slice(start, start + TEXTS_PER_REQUEST))));
    return vectors;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.request([text]);
    if (!vector) throw new EmbeddingUnavailable('the embeddings endpoint returned no vector');
    return vector;
  }

  async close(): Promise<void> {}

  private async request(texts: readonly string[]): Promise<Float32Array[]> {
    const blank = texts.map((text) => text.trim() === '');
    const input = texts.filter((_, index) => !blank[index]).map((text) => text.slice(0, MAX_CHARS_PER_TEXT));
    const answered = input.length > 0 ? await this.post(input) : [];
    let next = 0;
    return blank.map((isBlank) => (isBlank ? new Float32Array(this.dimensions) : (answered[next++] as Float32Array)));
  }

  private async post(input: readonly string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    let response: Response;
    try {
      response = await fetch(`${this.settings.url.replace(/\/+$/, '')}/embeddings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.settings.model, input }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmbeddingUnavailable(`the embeddings endpoint could not be reached: ${String(error)}`);
    }
    if (!response.ok) throw new EmbeddingUnavailable(`the embeddings endpoint answered ${response.status}`);
    const parsed = EMBEDDINGS_ANSWER.safeParse(await response.json().catch(() => null));
    if (!parsed.success || parsed.data.data.length !== input.length)
      throw new EmbeddingUnavailable('the embeddings endpoint answered something other than one embedding per text');
    return this.vectorsOf(parsed.data.data);
  }

  private vectorsOf(data: ReadonlyArray<{ index: number; embedding: number[] }>): Float32Array[] {
    const ordered = [...data].sort((a, b) => a.index - b.index);
    return ordered.map(({ embedding }) => {
      if (embedding.length !== this.dimensions)
        throw new EmbeddingUnavailable(
          `the model returned ${embedding.length} dimensions, not BAALDA_EMBEDDINGS_DIMENSIONS=${this.dimensions}`,
        );
      return unitLength(embedding);
    });
  }
}

// Cosine needs unit vectors; not every endpoint normalizes (Ollama's older API doesn't).
function unitLength(values: readonly number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (value) => (norm > 0 && Number.isFinite(norm) ? value / norm : 0));
}
