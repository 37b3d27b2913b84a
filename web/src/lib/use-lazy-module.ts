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
    load()
      .then((value) => {
        if (current) setModule({ value });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [load, needed]);
  return module?.value;
}
