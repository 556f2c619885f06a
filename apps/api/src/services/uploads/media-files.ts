/**
 * The folder of stored visuals (UPLOADS_DIR): flat, one file a name, names matched by MEDIA_NAME_PATTERN
 * before the disk is touched, so no path a visitor writes can leave it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_NAME_PATTERN } from '@guichet/domain';

/**
 * Writes a file under its final name at once or not at all (a temporary file renamed over it): a request for
 * the name never reads half a file, and two uploads of the same image write the same bytes.
 */
export async function writeMediaFile(directory: string, name: string, data: Buffer): Promise<void> {
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, join(directory, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The path of a stored file, or null when `name` is not a stored file's name or no such file is there. */
export async function mediaFilePath(directory: string, name: string): Promise<string | null> {
  if (!MEDIA_NAME_PATTERN.test(name)) return null;
  const path = join(directory, name);
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}
