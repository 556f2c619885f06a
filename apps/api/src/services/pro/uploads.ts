/** Which organiser uploaded which visual: the row a ticketing's visuals are checked against. */
import type { UploadedVisual } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';

/**
 * Records that `member`'s organiser uploaded this visual (by its content's name: the same file sent twice is one
 * row) and answers the row's id.
 */
export async function recordUpload(
  db: Pick<Database, 'insert'>,
  member: { id: number; organizerId: number },
  uploaded: Omit<UploadedVisual, 'id'>,
): Promise<number> {
  // `<hash>-<width>.webp`: the name without its width is the content's.
  const name = (uploaded.variants[0]?.name ?? '').replace(/-\d+\.webp$/, '');
  const [row] = await db
    .insert(uploads)
    .values({
      organizerId: member.organizerId,
      name,
      width: uploaded.visual.width,
      height: uploaded.visual.height,
      uploadedBy: member.id,
    })
    .onConflictDoUpdate({ target: [uploads.organizerId, uploads.name], set: { name: sql`excluded.name` } })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload row not written');
  return row.id;
}
