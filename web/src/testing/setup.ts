// Component tests (the `web` project of vitest.config.ts): each test starts on an empty page.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
