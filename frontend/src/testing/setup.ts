import { afterEach, vi } from 'vitest';
import { resetPageConfigCache } from '@/lib/page-config';
import { setUnauthorizedHandler } from '@/lib/api-client';

// Pure tests (no DOM) say `// @vitest-environment node` on their first line: they get neither jsdom
// nor Testing Library, whose set-up is most of the suite's time. Everything else runs under jsdom.
const hasDom = typeof document !== 'undefined';

let cleanup: (() => void) | undefined;
if (hasDom) {
  const testingLibrary = await import('@testing-library/react');
  cleanup = testingLibrary.cleanup;
  // CI machines are slow and share two cores: the first import of a lazy chunk
  // (the dashboard, the admin panel) can take seconds under the jsdom transform.
  // findBy*/waitFor give up after this long instead of the library's 1 s.
  testingLibrary.configure({ asyncUtilTimeout: 10_000 });
}

afterEach(() => {
  cleanup?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (hasDom) {
    localStorage.clear();
    sessionStorage.clear();
    document.getElementById('bank-config')?.remove();
    delete document.documentElement.dataset.theme;
  }
  resetPageConfigCache();
  setUnauthorizedHandler(null);
});
