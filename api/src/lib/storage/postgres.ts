import { inlineContent, type UploadStore } from './store.js';

/**
 * The bytes in the upload's own row (bytea, TOAST): written, scoped and deleted in the same transaction as the
 * row, and one database backup holds them. The default when no bucket is configured.
 */
export function postgresUploadStore(): UploadStore {
  return {
    kind: 'postgres',
    put: async (content) => ({ content, storageKey: null }),
    discard: async () => {},
    get: async (row) => inlineContent(row),
    close: () => {},
  };
}
