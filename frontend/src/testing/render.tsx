import { useEffect, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from '@/features/auth';

/** A fresh QueryClient per test, never retrying, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentLocation = location.pathname + location.search;
  }, [location]);
  return null;
}

/** Where the router is now (the last rendered location). */
export function currentPath(): string {
  return currentLocation;
}

export function renderWithProviders(ui: ReactElement, { route = '/', wrap }: { route?: string; wrap?: (node: ReactNode) => ReactNode } = {}) {
  const queryClient = createTestQueryClient();
  const inner = (
    <>
      <LocationProbe />
      {ui}
    </>
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[route]}>{wrap ? wrap(inner) : inner}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Does `action` (a click, say) inside act() and lets the promises it starts settle. */
export async function actAndSettle(action: () => void): Promise<void> {
  await act(async () => {
    action();
    await Promise.resolve();
  });
}
