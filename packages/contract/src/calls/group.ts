import { z } from 'zod';
import { NAME_MAX } from '../limits';
import { defineCall } from './define';
import { emptyData, idField, idListField, intField, requiredText } from './fields';

export const lockGroup = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  lockCount: z.number().int(),
});

export const list = defineCall({
  path: '/group/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's lock groups with their lock counts, and how many of the caller's locks are in none.",
  params: z.object({}),
  data: z.object({ list: z.array(lockGroup), ungroupedCount: z.number().int(), totalCount: z.number().int() }),
});

export const add = defineCall({
  path: '/group/add',
  method: 'POST',
  auth: 'session',
  summary: 'Create a lock group (names are unique per account).',
  params: z.object({ groupName: requiredText(NAME_MAX) }),
  data: z.object({ groupId: z.number().int() }),
});

export const rename = defineCall({
  path: '/group/rename',
  method: 'POST',
  auth: 'session',
  summary: "Rename one of the caller's lock groups.",
  params: z.object({ groupId: idField, groupName: requiredText(NAME_MAX) }),
  data: emptyData,
});

export const remove = defineCall({
  path: '/group/delete',
  method: 'POST',
  auth: 'session',
  summary: "Delete one of the caller's lock groups; its locks become ungrouped.",
  params: z.object({ groupId: idField }),
  data: emptyData,
});

export const setLocks = defineCall({
  path: '/group/setLocks',
  method: 'POST',
  auth: 'session',
  summary: "Move locks the caller manages into one of the caller's groups (groupId 0: out of every group).",
  params: z.object({ groupId: intField.pipe(z.number().int().min(0)), lockIdList: idListField }),
  data: emptyData,
});
