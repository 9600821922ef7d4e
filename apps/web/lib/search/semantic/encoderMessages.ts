// What the page and the encoder's Web Worker say to each other (SEMW3).

/** Page → worker: the texts to embed, answered in order under the same id. */
export interface EmbedJob {
  readonly id: number;
  readonly texts: readonly string[];
}

/** Worker → page. */
export type EncoderReply =
  | { readonly kind: 'ready'; readonly name: string; readonly dimensions: number; readonly loadMs: number }
  | { readonly kind: 'loadFailed'; readonly reason: string }
  | { readonly kind: 'vectors'; readonly id: number; readonly vectors: Float32Array[] }
  | { readonly kind: 'failed'; readonly id: number; readonly reason: string };
