/**
 * `work` on every item, at most `limit` at a time, the results in the items' order. For batches
 * that start one device operation per item (batch unlock, deleting a lock user's credentials):
 * enough at once to be quick, few enough not to flood the gateways.
 */
export async function mapAtMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
