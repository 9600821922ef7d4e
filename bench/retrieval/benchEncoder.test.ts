import { hashedEmbedder, type SentenceEncoder } from '@baalda/core';
import { HttpEmbeddings } from 'baalda-relay/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { benchSemanticSettings } from './benchEncoder';
import { type EmbeddingsEndpoint, startEmbeddingsEndpoint } from './embeddingsEndpoint';

const ENDPOINT_ENV = {
  BAALDA_EMBEDDER: 'openai',
  BAALDA_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
  BAALDA_EMBEDDINGS_MODEL: 'nomic-embed-text',
  BAALDA_EMBEDDINGS_DIMENSIONS: '768',
};

describe('benchSemanticSettings (BEN11)', () => {
  it('[BEN11] measures USE lite unless BAALDA_EMBEDDER names an endpoint, with the threads asked for', () => {
    expect(benchSemanticSettings({}, 2)).toEqual({ threads: 2 });
    expect(benchSemanticSettings(ENDPOINT_ENV, 2)).toEqual({
      threads: 2,
      http: { url: ENDPOINT_ENV.BAALDA_EMBEDDINGS_URL, model: 'nomic-embed-text', dimensions: 768, apiKey: undefined },
    });
  });

  it("[BEN11] reads only the encoder's variables: the bench's relay keeps its own database and port", () => {
    const env = { ...ENDPOINT_ENV, DATABASE_URL: 'not a url', PORT: 'no port', BAALDA_TRASH_RETENTION_DAYS: '-1' };
    expect(benchSemanticSettings(env, 1).http?.model).toBe('nomic-embed-text');
  });

  it('[BEN11] refuses words alone and an endpoint it could not use, as the relay does', () => {
    expect(() => benchSemanticSettings({ BAALDA_EMBEDDER: 'hashed' }, 2)).toThrow(/measures search by meaning/);
    expect(() => benchSemanticSettings({ ...ENDPOINT_ENV, BAALDA_EMBEDDINGS_DIMENSIONS: '' }, 2)).toThrow(
      /BAALDA_EMBEDDINGS_DIMENSIONS/,
    );
  });
});

// The words' hashed vectors: any deterministic encoder shows what the endpoint passes through.
const hashedEncoder: SentenceEncoder = {
  name: 'hashed-stand-in',
  dimensions: hashedEmbedder.dimensions,
  embedBatch: async (texts) => texts.map((text) => hashedEmbedder.embed(text)),
};

describe('startEmbeddingsEndpoint (BEN11)', () => {
  let endpoint: EmbeddingsEndpoint | null = null;
  afterEach(async () => {
    await endpoint?.close();
    endpoint = null;
  });

  it("[BEN11] answers the relay's own client with the encoder's vectors, in order", async () => {
    endpoint = await startEmbeddingsEndpoint(hashedEncoder, 'stand-in');
    const client = new HttpEmbeddings({ url: endpoint.url, model: 'stand-in', dimensions: hashedEmbedder.dimensions });
    const texts = ['refund window thirty days', 'laptop for every engineer'];
    const vectors = await client.embedBatch(texts);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(
      texts.map((text) => Array.from(hashedEmbedder.embed(text))),
    );
    expect(endpoint.textsEmbedded()).toBe(2);
  });

  it('[BEN11] refuses what it cannot answer with a status and embeds nothing', async () => {
    endpoint = await startEmbeddingsEndpoint(hashedEncoder, 'stand-in');
    const post = (body: string, path = '/embeddings') =>
      fetch(`${endpoint?.url}${path}`, { method: 'POST', body }).then((response) => response.status);
    expect(await post('{"model":"stand-in","input":["a"]}', '/chat')).toBe(404);
    expect(await post('{"model":"other","input":["a"]}')).toBe(404);
    expect(await post('not json')).toBe(400);
    expect(await post('{"model":"stand-in","input":[1]}')).toBe(400);
    expect(await post(`{"model":"stand-in","input":["${'a'.repeat(1024 * 1024)}"]}`)).toBe(413);
    expect(endpoint.textsEmbedded()).toBe(0);
  });
});
