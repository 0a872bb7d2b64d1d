/**
 * Runs `tasks` with at most `limit` in flight, as a crowd of clients would (attack-shaped tests:
 * brute force, registration floods). Results keep the order of the tasks.
 */
export async function inFlight<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}
