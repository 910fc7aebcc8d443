/** The group list reply: each group with its lock count, and the locks no group files. */
export function presentGroupList(
  groups: { groupId: number; groupName: string }[],
  counts: { groupId: number; n: number }[],
  totalCount: number,
) {
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  const filed = counts.reduce((sum, c) => sum + c.n, 0);
  return {
    list: groups.map((g) => ({ ...g, lockCount: byGroup.get(g.groupId) ?? 0 })),
    ungroupedCount: Math.max(0, totalCount - filed),
    totalCount,
  };
}
