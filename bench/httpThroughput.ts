const CONCURRENCY = 8;

/** Requests per second for `url` during `ms`, eight at a time over loopback. */
export async function throughput(url: string, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const response = await fetch(url);
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
        done++;
      }
    }),
  );
  return (done * 1000) / ms;
}
