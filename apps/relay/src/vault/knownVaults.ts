import { DEFAULT_VAULT_ID } from '../store/prismaNoteStore';

/** The vaults this relay serves: one, until vaults can be created (issue 6). */
export const KNOWN_VAULTS: ReadonlySet<string> = new Set([DEFAULT_VAULT_ID]);
