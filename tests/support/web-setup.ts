import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first screen of a file waits for its lazy section to be transformed and loaded: on a busy
// machine that takes longer than Testing Library's default 1 s for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
