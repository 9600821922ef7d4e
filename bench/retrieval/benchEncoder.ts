import type { SentenceEncoder } from '@baalda/core';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import { HttpEmbeddings, readConfig, type SemanticSettings } from 'baalda-relay/testing';

/**
 * The encoder the retrieval bench measures, chosen from the variables the relay reads (SEMV5, SEMV7): USE
 * lite, or with `BAALDA_EMBEDDER=openai` the OpenAI-compatible endpoint that `BAALDA_EMBEDDINGS_URL`,
 * `_MODEL`, `_DIMENSIONS` and `_KEY` name, so a larger model (a local Ollama's, say) is measured on this same
 * benchmark and its numbers set beside USE lite's. Only those variables are read: the bench's relay keeps
 * its own database and port. `threads` embed the corpus while the relay loads it.
 */
export function benchSemanticSettings(env: NodeJS.ProcessEnv, threads: number): SemanticSettings {
  const embedderEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('BAALDA_EMBED')));
  const semantic = readConfig(embedderEnv, process.cwd()).semantic;
  if (!semantic)
    throw new Error(
      'The retrieval bench measures search by meaning, and BAALDA_EMBEDDER=hashed has none: the word variants are its rows.',
    );
  return { ...semantic, threads };
}

/** The same encoder in this process, for the queries the ranking variants score. */
export async function queryEncoderFor(settings: SemanticSettings): Promise<SentenceEncoder> {
  return settings.http ? new HttpEmbeddings(settings.http) : (await loadUseLiteInNode()).encoder;
}
