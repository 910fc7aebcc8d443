import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messageTemplates } from '../../db/schema';
import { offsetOf } from '../../http/paging';

export type TemplateRow = typeof messageTemplates.$inferSelect;

/** A page of an account's templates of one channel (and kind, if given), by name, and how many there are. */
export async function templatePage(
  db: Executor,
  ownerId: number,
  query: { channel: string; type?: number | undefined; pageNo: number; pageSize: number },
) {
  const where: SQL[] = [eq(messageTemplates.userId, ownerId), eq(messageTemplates.channel, query.channel)];
  if (query.type !== undefined) where.push(eq(messageTemplates.type, query.type));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageTemplates)
      .where(and(...where))
      .orderBy(asc(messageTemplates.name), asc(messageTemplates.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db
      .select({ n: count() })
      .from(messageTemplates)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertTemplate(
  db: Executor,
  values: typeof messageTemplates.$inferInsert,
): Promise<TemplateRow | undefined> {
  const [row] = await db.insert(messageTemplates).values(values).returning();
  return row;
}

export async function updateTemplate(
  db: Executor,
  templateId: number,
  text: { name: string; subject: string; content: string },
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...text, updatedAt: new Date() })
    .where(eq(messageTemplates.id, templateId))
    .returning();
  return row;
}

export async function deleteTemplate(db: Executor, templateId: number): Promise<void> {
  await db.delete(messageTemplates).where(eq(messageTemplates.id, templateId));
}

export async function findTemplate(db: Executor, templateId: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, templateId));
  return row;
}

/** One of the account's templates. */
export async function findOwnTemplate(db: Executor, userId: number, templateId: number) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.userId, userId)));
  return row;
}
