// Component tests (the `web` project of vitest.config.ts): unmount what a test rendered.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
