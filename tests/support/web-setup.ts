import './page-timers.ts';
import './zod-as-in-browser.ts';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetLocationAnswer } from '../../src/api/location-answer.ts';

// The first screen of a file waits for its lazy section to be transformed and loaded: on a busy
// machine that takes longer than Testing Library's default 1 s for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// src/api checks every answer against its domain schema in test builds (src/api/checked.ts): the
// schemas load here, once per file before its tests start, not inside a test's first call.
await import('../../src/api/answer-schemas.ts');

afterEach(() => {
  cleanup();
  // A new page load for the next test: a location request of this one's is not shared with it.
  resetLocationAnswer();
  localStorage.clear();
  sessionStorage.clear();
});
