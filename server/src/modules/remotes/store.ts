import type { RemoteName } from '@portal/shared';

/**
 * Where the registry document and the versions' files are kept (registry.ts holds the rules):
 * - files (store-files.ts), the embedded default: `${DATA_DIR}/remotes`, for one instance;
 * - PostgreSQL (store-postgres.ts) with DATABASE_URL: the document and every version's files in
 *   the database, so any number of instances agree; each copies a version into a cache folder of
 *   its own on first use (versions never change) and serves it from there.
 */
export interface RegistryStore {
  /** Where the document lives, for messages: a file path or the table. */
  readonly location: string;
  /** The local folder a version's files are read from; see materialize. */
  versionDir(name: RemoteName, version: string): string;
  /** The document as stored; null before anything was published. */
  readText(): Promise<string | null>;
  /**
   * The document for serving pages (may come from memory, kept in step with every change);
   * `key` changes whenever the text does, so a parse can be kept. When `key` equals `known` (the
   * caller's last key), `text` may be null: the caller holds it already.
   */
  readServingText(known?: string | null): Promise<{ text: string | null; key: string | null }>;
  /** Only under `locked`. */
  writeText(text: string): Promise<void>;
  /** Serializes read-modify-write cycles between every process sharing the store. */
  locked<T>(fn: () => Promise<T>): Promise<T>;
  hasVersion(name: RemoteName, version: string): Promise<boolean>;
  /**
   * Under the lock: stores `files` of `distDir` as a new version, with a .br/.gz beside each file
   * worth compressing; it appears whole or not at all. Throws when the version exists.
   */
  addVersion(name: RemoteName, version: string, distDir: string, files: string[]): Promise<void>;
  /** A reused version gets the .br/.gz it lacks (published before builds were precompressed). */
  refreshVersion(name: RemoteName, version: string): Promise<void>;
  removeVersion(name: RemoteName, version: string): Promise<void>;
  /** Makes the version readable under versionDir; false when the store has no such version. */
  materialize(name: RemoteName, version: string): Promise<boolean>;
}
