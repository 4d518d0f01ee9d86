import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetPageConfigCache } from '@/lib/page-config';
import { setUnauthorizedHandler } from '@/lib/api-client';

// CI machines are slow and share two cores: the first import of a lazy chunk
// (the dashboard, the admin panel) can take seconds under the jsdom transform.
// findBy*/waitFor give up after this long instead of the library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.getElementById('bank-config')?.remove();
  resetPageConfigCache();
  setUnauthorizedHandler(null);
  delete document.documentElement.dataset.theme;
});
