// Component tests (the `web` project of vitest.config.ts): each test starts on an empty page.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A lazily loaded dialog or a mutation can take seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
