import type { QueryEncoder } from '../searchIndexes';

// Recent queries' vectors: a person refining a search, or an assistant asking again, costs no model call.
const CACHED_QUERIES = 256;

/**
 * HYB1: a query's semantic vector, or undefined when it can't be had (the model failed to load, its queue
 * is full, the relay is closing): search then ranks by words alone rather than failing.
 */
export class QueryMeanings {
  private readonly cache = new Map<string, Float32Array>();

  constructor(private readonly encoder: QueryEncoder) {}

  async of(query: string): Promise<Float32Array | undefined> {
    const cached = this.cache.get(query);
    if (cached) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.cache.delete(query);
      this.cache.set(query, cached);
      return cached;
    }
    const vector = await this.encoder.embedQuery(query).catch(() => undefined);
    if (!vector) return undefined;
    this.cache.set(query, vector);
    if (this.cache.size > CACHED_QUERIES) this.cache.delete(this.cache.keys().next().value as string);
    return vector;
  }
}
