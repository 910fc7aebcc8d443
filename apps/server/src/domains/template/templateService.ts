import {
  MessageChannel,
  type TemplateItem,
  type TemplateType,
  type ValueOf,
  validateTemplate,
  validateTemplateSubject,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { managedLock } from '../lock/lockAccess';
import { requireAdvancedFunction, requireLockOwner } from '../vip/advancedFunction';
import { presentTemplate } from './templatePresenter';
import {
  deleteTemplate,
  findOwnTemplate,
  findTemplate,
  insertTemplate,
  type TemplateRow,
  templatePage,
  updateTemplate,
} from './templateQueries';

type Channel = ValueOf<typeof MessageChannel>;
type Type = ValueOf<typeof TemplateType>;

export interface TemplateText {
  name: string;
  subject?: string | undefined;
  content: string;
}

/** Whether an account's advanced function lets its templates be written and used now. */
async function advancedFunctionActive(db: Db, userId: number): Promise<boolean> {
  try {
    await requireAdvancedFunction(db, userId);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/** A template's text by the rules of section 5; an SMS has no subject. */
function checkedText(channel: Channel, type: Type, text: TemplateText): Required<TemplateText> {
  assertVerdict(validateTemplate(text.content, type), 'content');
  const subject = channel === MessageChannel.email ? (text.subject ?? '').trim() : '';
  assertVerdict(validateTemplateSubject(subject, type), 'subject');
  return { name: text.name, subject, content: text.content };
}

/**
 * Message templates (docs/payments.md): a lock owner's own words for passcode and eKey notices.
 * Writing them needs the advanced function; deleting does not. A notice about a lock uses its
 * owner's templates, while the owner's advanced function runs.
 */
export class TemplateService {
  constructor(private readonly db: Db) {}

  async list(
    userId: number,
    query: { channel: Channel; type?: Type | undefined; lockId?: number | undefined; pageNo: number; pageSize: number },
  ) {
    const ownerId =
      query.lockId === undefined ? userId : (await managedLock(this.db, userId, query.lockId)).lock.ownerId;
    const [{ rows, total }, usable] = await Promise.all([
      templatePage(this.db, ownerId, query),
      advancedFunctionActive(this.db, ownerId),
    ]);
    return { ...pageOf(rows.map(presentTemplate), total, query.pageNo, query.pageSize), usable };
  }

  async add(userId: number, request: TemplateText & { channel: Channel; type: Type }): Promise<TemplateItem> {
    await this.requireWriter(userId);
    const text = checkedText(request.channel, request.type, request);
    const row = await orConflict(
      () => insertTemplate(this.db, { userId, channel: request.channel, type: request.type, ...text }),
      'templateNameExists',
    );
    if (!row) throw new Error('template insert returned nothing');
    return presentTemplate(row);
  }

  async update(userId: number, request: TemplateText & { templateId: number }): Promise<TemplateItem> {
    const current = await this.own(userId, request.templateId);
    await this.requireWriter(userId);
    const text = checkedText(current.channel as Channel, current.type as Type, request);
    const row = await orConflict(() => updateTemplate(this.db, current.id, text), 'templateNameExists');
    if (!row) throw new ApiError('templateNotFound');
    return presentTemplate(row);
  }

  async remove(userId: number, templateId: number): Promise<void> {
    const current = await this.own(userId, templateId);
    await deleteTemplate(this.db, current.id);
  }

  /**
   * The template a notice about a lock is written with: one of the lock owner's, of the notice's
   * channel and kind, while the owner's advanced function runs.
   */
  async forNotice(ownerId: number, templateId: number, channel: Channel, type: Type): Promise<TemplateRow> {
    const row = await findTemplate(this.db, templateId);
    if (!row || row.userId !== ownerId || row.channel !== channel || row.type !== type) {
      throw new ApiError('templateNotFound');
    }
    await requireAdvancedFunction(this.db, ownerId);
    return row;
  }

  /** Only a lock owner writes templates, with the advanced function. */
  private async requireWriter(userId: number): Promise<void> {
    await requireLockOwner(this.db, userId);
    await requireAdvancedFunction(this.db, userId);
  }

  /** One of the caller's templates; another account's is as unknown as none. */
  private async own(userId: number, templateId: number): Promise<TemplateRow> {
    const row = await findOwnTemplate(this.db, userId, templateId);
    if (!row) throw new ApiError('templateNotFound');
    return row;
  }
}
