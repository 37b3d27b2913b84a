import { useEffect, useState } from 'react';

/**
 * A module the screen can draw without (e.g. validation rules), fetched after the first
 * render, or once `wanted` turns true: undefined until it has arrived, and while offline
 * before it could.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted = true): T | undefined {
  const [module, setModule] = useState<{ value: T }>();
  const needed = wanted && !module;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    // Asked for in a task of its own: the first render's effects run in the task that commits
    // it, and asking for a chunk adds its links to the page (Vite's preload), which would
    // lengthen that task.
    const later = setTimeout(() => {
      load()
        .then((value) => {
          if (current) setModule({ value });
        })
        .catch(() => undefined);
    }, 0);
    return () => {
      current = false;
      clearTimeout(later);
    };
  }, [load, needed]);
  return module?.value;
}
