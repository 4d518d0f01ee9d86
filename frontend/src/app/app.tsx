import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes } from '@/app/app-routes';
import { AuthProvider, ThemeProvider } from '@/features/auth';
import { StepUpDialog } from '@/features/security';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
              <StepUpDialog />
            </AuthProvider>
          </BrowserRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
