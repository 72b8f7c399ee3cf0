/**
 * Something one room announces and others follow, without the announcer knowing who listens: the
 * composition connects them once both exist (an operator moved, an order stored), so that no part
 * is handed a closure over another not yet made.
 */
export interface Signal<Args extends unknown[]> {
  emit(...args: Args): void;
  listen(listener: (...args: Args) => void): void;
}

export function createSignal<Args extends unknown[]>(): Signal<Args> {
  const listeners: Array<(...args: Args) => void> = [];
  return {
    emit: (...args) => {
      for (const listener of listeners) listener(...args);
    },
    listen: (listener) => void listeners.push(listener),
  };
}
