import { describe, expect, it } from 'vitest';
import { readConfig } from './readConfig';

describe('reading the environment', () => {
  it('defaults to PGlite in ./data on port 8787, loopback only, 30 days of trash', () => {
    const config = readConfig({}, '/srv/baalda');
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: '/srv/baalda/data' },
      trashRetentionMs: 30 * 24 * 60 * 60 * 1000,
      versionSettings: { quietMs: 600_000, maxVersions: 50 },
    });
  });

  it('[VC1, VC3] reads the quiet period in minutes and the version cap', () => {
    const config = readConfig({ BAALDA_VERSION_QUIET_MINUTES: '0.5', BAALDA_VERSION_MAX: '20' }, '/');
    expect(config.versionSettings).toEqual({ quietMs: 30_000, maxVersions: 20 });
  });

  it('[MCP16] keeps assistants’ drafts in Drafts unless BAALDA_DRAFTS_FOLDER names another folder; a bad one is refused', () => {
    expect(readConfig({}, '/').draftsFolder).toBe('Drafts');
    expect(readConfig({ BAALDA_DRAFTS_FOLDER: ' Assistant/Drafts ' }, '/').draftsFolder).toBe('Assistant/Drafts');
    expect(() => readConfig({ BAALDA_DRAFTS_FOLDER: 'a//b' }, '/')).toThrow(/BAALDA_DRAFTS_FOLDER/);
  });

  it('[ATT1, ATT2] keeps attachments in the data folder, 50 MB each, unless told otherwise', () => {
    expect(readConfig({ BAALDA_DATA_DIR: '/srv/baalda' }, '/')).toMatchObject({
      attachmentsDir: '/srv/baalda/attachments',
      maxAttachmentBytes: 50 * 1024 * 1024,
    });
    expect(readConfig({ BAALDA_ATTACHMENTS_DIR: 'files', BAALDA_MAX_ATTACHMENT_MB: '5' }, '/srv')).toMatchObject({
      attachmentsDir: '/srv/files',
      maxAttachmentBytes: 5 * 1024 * 1024,
    });
  });

  it('[HTTP15] BAALDA_ALLOWED_HOSTS adds host names the relay answers to; a scheme, a port or a path is refused', () => {
    expect(readConfig({}, '/').edge.allowedHosts).toEqual([]);
    expect(readConfig({ BAALDA_ALLOWED_HOSTS: ' Notes.LAN, notes.example.org. ,' }, '/').edge.allowedHosts).toEqual([
      'notes.lan',
      'notes.example.org',
    ]);
    for (const bad of ['https://notes.lan', 'notes.lan:8787', 'notes.lan/x', 'a b', '-x.lan']) {
      expect(() => readConfig({ BAALDA_ALLOWED_HOSTS: bad }, '/'), bad).toThrow(/BAALDA_ALLOWED_HOSTS/);
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql://u@h/db' }, '/').database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
    });
  });

  it('[SEMV5, SEMV7] searches by meaning with USE lite unless BAALDA_EMBEDDER says hashed or openai', () => {
    expect(readConfig({}, '/').semantic).toEqual({ threads: 1 });
    expect(readConfig({ BAALDA_EMBED_THREADS: '2' }, '/').semantic).toEqual({ threads: 2 });
    expect(readConfig({ BAALDA_EMBEDDER: 'hashed' }, '/').semantic).toBeNull();
    const openai = {
      BAALDA_EMBEDDER: 'openai',
      BAALDA_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
      BAALDA_EMBEDDINGS_MODEL: 'nomic-embed-text',
      BAALDA_EMBEDDINGS_DIMENSIONS: '768',
    };
    expect(readConfig(openai, '/').semantic?.http).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
      apiKey: undefined,
    });
  });

  it('[SCALE1] runs alone unless REDIS_URL names the Redis shared with other relays', () => {
    expect(readConfig({}, '/').redisUrl).toBeNull();
    const shared = { DATABASE_URL: 'postgresql://u@h/db', REDIS_URL: 'rediss://cache.example.org:6380/2' };
    expect(readConfig(shared, '/').redisUrl).toBe('rediss://cache.example.org:6380/2');
  });

  it('[SCALE1] BAALDA_REDIS_PREFIX names the group of relays on a shared Redis; a bad one is refused', () => {
    expect(readConfig({}, '/').redisPrefix).toBeUndefined();
    expect(readConfig({ BAALDA_REDIS_PREFIX: ' team-a_2 ' }, '/').redisPrefix).toBe('team-a_2');
    expect(() => readConfig({ BAALDA_REDIS_PREFIX: 'a b' }, '/')).toThrow(/BAALDA_REDIS_PREFIX must be 1–64/);
    expect(() => readConfig({ BAALDA_REDIS_PREFIX: 'x'.repeat(65) }, '/')).toThrow(/BAALDA_REDIS_PREFIX/);
  });

  it.each([
    [
      { DATABASE_URL: 'postgresql://u@h/db', REDIS_URL: 'http://h:6379' },
      /REDIS_URL must be a redis:\/\/ or rediss:\/\//,
    ],
    [{ DATABASE_URL: 'postgresql://u@h/db', REDIS_URL: 'redis://' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\//],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, /REDIS_URL needs DATABASE_URL/],
  ])('[SCALE1] refuses %o with a message naming REDIS_URL', (env, message) => {
    expect(() => readConfig(env, '/')).toThrow(message);
  });

  it.each([
    [{ PORT: '99999' }, /PORT must be a whole number/],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ BAALDA_TRASH_RETENTION_DAYS: '0' }, /BAALDA_TRASH_RETENTION_DAYS must be/],
    [{ BAALDA_TRASH_RETENTION_DAYS: 'forever' }, /BAALDA_TRASH_RETENTION_DAYS must be/],
    [{ BAALDA_VERSION_QUIET_MINUTES: 'soon' }, /BAALDA_VERSION_QUIET_MINUTES must be a number/],
    [{ BAALDA_VERSION_QUIET_MINUTES: '0' }, /BAALDA_VERSION_QUIET_MINUTES must be/],
    [{ BAALDA_VERSION_MAX: '1001' }, /BAALDA_VERSION_MAX a whole number/],
    [{ BAALDA_VERSION_MAX: '2.5' }, /BAALDA_VERSION_MAX a whole number/],
    [{ BAALDA_MAX_ATTACHMENT_MB: '0' }, /BAALDA_MAX_ATTACHMENT_MB must be/],
    [{ BAALDA_MAX_ATTACHMENT_MB: 'lots' }, /BAALDA_MAX_ATTACHMENT_MB must be/],
    [{ BAALDA_EMBEDDER: 'gpt' }, /BAALDA_EMBEDDER must be one of use-lite, openai, hashed/],
    [{ BAALDA_EMBED_THREADS: '0' }, /BAALDA_EMBED_THREADS must be a whole number from 1 to 8/],
    [{ BAALDA_EMBEDDER: 'openai' }, /BAALDA_EMBEDDINGS_URL/],
    [{ BAALDA_EMBEDDER: 'openai', BAALDA_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1' }, /BAALDA_EMBEDDINGS_MODEL/],
    [
      { BAALDA_EMBEDDER: 'openai', BAALDA_EMBEDDINGS_URL: 'http://h/v1', BAALDA_EMBEDDINGS_MODEL: 'm' },
      /BAALDA_EMBEDDINGS_DIMENSIONS must be/,
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readConfig(env, '/')).toThrow(message);
  });
});
