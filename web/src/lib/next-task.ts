/**
 * Runs `work` in a task of its own, right after the current one: a message to this page is
 * handled as a new task, before timers, and unlike setTimeout's 0 ms it is not stretched to 4 ms
 * when tasks chain. So that a phone's main thread is not held for both at once.
 */
export function inNextTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => work();
  channel.port2.postMessage(null);
}

/** inNextTask for async code: resolves in a task of its own, right after the current one. */
export function untilNextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
