import { loadConfig } from '@cda/shared';

/** Multer's limits are fixed when the route is declared, so they come straight from the typed config. */
export function uploadLimits() {
  const { upload } = loadConfig();
  return { maxFiles: upload.maxFiles, maxFileBytes: upload.maxFileMb * 1024 * 1024 };
}
