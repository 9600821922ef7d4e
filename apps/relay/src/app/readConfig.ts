import { join, resolve } from 'node:path';
import {
  DEFAULT_DRAFTS_FOLDER,
  LIMITS,
  parseVersionSettings,
  type VersionSettings,
  validateFolderPath,
} from '@baalda/core';
import type { DatabaseTarget } from '../db/openDatabase';
import type { HttpEmbeddingsSettings } from '../search/semantic/httpEmbeddings';
import type { SemanticSettings } from '../search/semantic/semanticSearch';
import type { EdgeSettings } from '../support/edgeSettings';
import { REPOSITORY_ROOT } from '../support/relayPaths';

/** The relay's settings, read from the environment (documented in README "Configuration"). */
export interface RelayConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseTarget;
  readonly webDir: string;
  /** TR4: how long trashed notes are kept before they are purged. */
  readonly trashRetentionMs: number;
  /** VC1/VC3: how long a note must be quiet before a version is kept, and how many are kept. */
  readonly versionSettings: VersionSettings;
  /** MCP16: BAALDA_DRAFTS_FOLDER, where save_draft keeps drafts (`Drafts` by default). */
  readonly draftsFolder: string;
  /** ACC10: BAALDA_ADMIN_KEY_FILE, default `<BAALDA_DATA_DIR>/admin.key` (also with DATABASE_URL). */
  readonly adminKeyFile: string;
  /** BAALDA_PUBLIC_URL (https → Secure cookies), BAALDA_TRUST_PROXY (X-Forwarded-For), BAALDA_ALLOWED_HOSTS. */
  readonly edge: EdgeSettings;
  /** ATT2: BAALDA_ATTACHMENTS_DIR, default `<BAALDA_DATA_DIR>/attachments` (also with DATABASE_URL). */
  readonly attachmentsDir: string;
  /** LIM12: BAALDA_MAX_ATTACHMENT_MB (1–2048), default 50. */
  readonly maxAttachmentBytes: number;
  /** REDIS_URL: several relays on one PostgreSQL share edits and events through it; null = one process. */
  readonly redisUrl: string | null;
  /** BAALDA_REDIS_PREFIX: the namespace of keys and channels; relays form one group per prefix (SCALE1). */
  readonly redisPrefix: string | undefined;
  /** SEMV5: BAALDA_EMBEDDER `use-lite` (default: search by meaning too) or `hashed` (words alone, null). */
  readonly semantic: SemanticSettings | null;
}

/** Where the repository's exported web app lands after `npm run build`. */
export const DEFAULT_WEB_DIR = join(REPOSITORY_ROOT, 'apps', 'web', 'out');

/** Reads and checks the environment; a bad value throws an Error that names the variable and the fix. */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string): RelayConfig {
  const database = readDatabase(env, cwd);
  return {
    port: readPort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    database,
    redisUrl: readRedisUrl(env.REDIS_URL, database),
    redisPrefix: readRedisPrefix(env.BAALDA_REDIS_PREFIX),
    webDir: resolve(cwd, env.BAALDA_WEB_DIR?.trim() || DEFAULT_WEB_DIR),
    trashRetentionMs: readRetentionDays(env.BAALDA_TRASH_RETENTION_DAYS) * DAY_MS,
    versionSettings: readVersionSettings(env),
    draftsFolder: readDraftsFolder(env.BAALDA_DRAFTS_FOLDER),
    adminKeyFile: resolve(
      cwd,
      env.BAALDA_ADMIN_KEY_FILE?.trim() || join(env.BAALDA_DATA_DIR?.trim() || 'data', 'admin.key'),
    ),
    attachmentsDir: resolve(
      cwd,
      env.BAALDA_ATTACHMENTS_DIR?.trim() || join(env.BAALDA_DATA_DIR?.trim() || 'data', 'attachments'),
    ),
    maxAttachmentBytes: readAttachmentLimit(env.BAALDA_MAX_ATTACHMENT_MB),
    semantic: readSemantic(env),
    edge: {
      publicUrl: readPublicUrl(env.BAALDA_PUBLIC_URL),
      trustProxy: readFlag(env.BAALDA_TRUST_PROXY, 'BAALDA_TRUST_PROXY'),
      allowedHosts: readAllowedHosts(env.BAALDA_ALLOWED_HOSTS),
    },
  };
}

function readAttachmentLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return LIMITS.maxAttachmentBytes;
  const megabytes = Number(raw);
  if (!Number.isFinite(megabytes) || megabytes < 1 || megabytes > 2048) {
    throw new Error(
      `BAALDA_MAX_ATTACHMENT_MB must be a number of megabytes from 1 to 2048, got ${JSON.stringify(raw)}.`,
    );
  }
  return Math.floor(megabytes * 1024 * 1024);
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8787;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got ${JSON.stringify(raw)}.`);
  }
  return port;
}

function readDatabase(env: NodeJS.ProcessEnv, cwd: string): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        'DATABASE_URL must be a postgres:// or postgresql:// URL; unset it to use the embedded database.',
      );
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: resolve(cwd, env.BAALDA_DATA_DIR?.trim() || 'data') };
}

// Relays that share Redis must share the database too: PGlite is one process's own folder.
function readRedisUrl(raw: string | undefined, database: DatabaseTarget): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (!/^rediss?:\/\/[^/]/.test(url)) {
    throw new Error(
      `REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379, got ${JSON.stringify(raw)}.`,
    );
  }
  if (database.kind !== 'postgres') {
    throw new Error('REDIS_URL needs DATABASE_URL: relays that share Redis must share one PostgreSQL database.');
  }
  return url;
}

// Two deployments sharing one Redis must not hear each other's edits: each picks its own prefix.
function readRedisPrefix(raw: string | undefined): string | undefined {
  const prefix = raw?.trim();
  if (!prefix) return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(prefix)) {
    throw new Error(`BAALDA_REDIS_PREFIX must be 1–64 letters, digits, "_" or "-", got ${JSON.stringify(raw)}.`);
  }
  return prefix;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function readRetentionDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 30;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0 || days > 36_500) {
    throw new Error(
      `BAALDA_TRASH_RETENTION_DAYS must be a number of days above 0 (at most 36500), got ${JSON.stringify(raw)}.`,
    );
  }
  return days;
}

// MCP16: a folder path as the path rules allow it (PATH1–PATH7), spelled as given.
function readDraftsFolder(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_DRAFTS_FOLDER;
  const checked = validateFolderPath(raw.trim());
  if (!checked.ok) throw new Error(`BAALDA_DRAFTS_FOLDER must be a folder path: ${checked.message}`);
  return checked.path;
}

// VC1/VC3: minutes for people, milliseconds for core; core holds the limits, the message names the variable.
function readVersionSettings(env: NodeJS.ProcessEnv): VersionSettings {
  const minutes = readNumber(env.BAALDA_VERSION_QUIET_MINUTES, 'BAALDA_VERSION_QUIET_MINUTES');
  const maxVersions = readNumber(env.BAALDA_VERSION_MAX, 'BAALDA_VERSION_MAX');
  const parsed = parseVersionSettings({
    quietMs: minutes === undefined ? undefined : Math.round(minutes * 60_000),
    maxVersions,
  });
  if (!parsed.ok) {
    throw new Error(
      `BAALDA_VERSION_QUIET_MINUTES must be 1/60 to 1440 and BAALDA_VERSION_MAX a whole number 1 to 1000: ${parsed.message}`,
    );
  }
  return parsed.settings;
}

function readNumber(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got ${JSON.stringify(raw)}.`);
  return value;
}

function readPublicUrl(raw: string | undefined): URL | null {
  if (raw === undefined || raw.trim() === '') return null;
  try {
    const url = new URL(raw.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {}
  throw new Error(
    `BAALDA_PUBLIC_URL must be an http:// or https:// URL such as https://notes.example.org, got ${JSON.stringify(raw)}.`,
  );
}

const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

// HTTP15: names only; any port is answered, and IP addresses and loopback names are answered anyway.
function readAllowedHosts(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
    .filter((name) => name !== '');
  const bad = names.find((name) => !DNS_NAME.test(name));
  if (bad !== undefined) {
    throw new Error(
      `BAALDA_ALLOWED_HOSTS must be host names separated by commas, such as notes.example.org,notes.lan (no scheme or port), got ${JSON.stringify(bad)}.`,
    );
  }
  return names;
}

function readFlag(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '0' || raw.trim() === 'false') return false;
  if (raw.trim() === '1' || raw.trim() === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got ${JSON.stringify(raw)}.`);
}

const EMBEDDERS = ['use-lite', 'openai', 'hashed'] as const;
const MAX_EMBED_THREADS = 8;

// SEMV5: which embedder ranks search, and how many threads compute meaning.
function readSemantic(env: NodeJS.ProcessEnv): SemanticSettings | null {
  const embedder = env.BAALDA_EMBEDDER?.trim() || 'use-lite';
  if (!(EMBEDDERS as readonly string[]).includes(embedder))
    throw new Error(`BAALDA_EMBEDDER must be one of ${EMBEDDERS.join(', ')}, got ${JSON.stringify(embedder)}.`);
  const rawThreads = env.BAALDA_EMBED_THREADS?.trim();
  const threads = rawThreads ? Number(rawThreads) : 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_EMBED_THREADS)
    throw new Error(
      `BAALDA_EMBED_THREADS must be a whole number from 1 to ${MAX_EMBED_THREADS}, got ${JSON.stringify(rawThreads)}.`,
    );
  if (embedder === 'hashed') return null;
  return embedder === 'openai' ? { threads, http: readEmbeddingsEndpoint(env) } : { threads };
}

const MAX_EMBEDDING_DIMENSIONS = 8192;

// SEMV7: an OpenAI-compatible endpoint: where, which model, how long its vectors are, and a key if it wants one.
function readEmbeddingsEndpoint(env: NodeJS.ProcessEnv): HttpEmbeddingsSettings {
  const url = env.BAALDA_EMBEDDINGS_URL?.trim() ?? '';
  if (!/^https?:\/\/\S+$/.test(url))
    throw new Error(
      `BAALDA_EMBEDDER=openai needs BAALDA_EMBEDDINGS_URL, the API's base such as http://127.0.0.1:11434/v1, got ${JSON.stringify(url)}.`,
    );
  const model = env.BAALDA_EMBEDDINGS_MODEL?.trim() ?? '';
  if (!model || model.length > 100)
    throw new Error('BAALDA_EMBEDDER=openai needs BAALDA_EMBEDDINGS_MODEL, the model name (1–100 characters).');
  const rawDimensions = env.BAALDA_EMBEDDINGS_DIMENSIONS?.trim();
  const dimensions = Number(rawDimensions);
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_EMBEDDING_DIMENSIONS)
    throw new Error(
      `BAALDA_EMBEDDINGS_DIMENSIONS must be the model's vector length, 1–${MAX_EMBEDDING_DIMENSIONS}, got ${JSON.stringify(rawDimensions)}.`,
    );
  const apiKey = env.BAALDA_EMBEDDINGS_KEY?.trim() || undefined;
  return { url, model, dimensions, apiKey };
}
