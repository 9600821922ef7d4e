import type { NoteSummary } from '../src/store/noteStore';

/** The shapes the relay's JSON API answers with, all optional so tests can probe any answer. */
export interface ApiBody {
  notes?: NoteSummary[];
  note?: NoteSummary;
  error?: { code: string; message: string };
}

/** Reads a relay JSON answer. */
export async function readBody(response: Response): Promise<ApiBody> {
  return (await response.json()) as ApiBody;
}
