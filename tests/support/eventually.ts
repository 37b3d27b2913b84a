/**
 * Polls until `check` passes (what triggers keep, a moment after the call), for checks of
 * several assertions at once; a single value is better polled with expect.poll.
 */
export async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}
