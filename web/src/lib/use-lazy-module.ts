import { useEffect, useState } from 'react';

/**
 * A module the screen can draw without (e.g. validation rules), fetched after the first
 * render: undefined until it has arrived, and while offline before it could.
 */
export function useLazyModule<T>(load: () => Promise<T>): T | undefined {
  const [module, setModule] = useState<{ value: T }>();
  useEffect(() => {
    let current = true;
    load()
      .then((value) => {
        if (current) setModule({ value });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [load]);
  return module?.value;
}
