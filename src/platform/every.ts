/** Runs `task` every `ms`, never two at once, without keeping the process alive. */
export function every(ms: number, task: () => Promise<unknown>, onError: (error: unknown) => void): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => (running = false));
  }, ms);
  return timer.unref();
}
