import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';

function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      theme={theme === 'light' ? 'light' : 'dark'}
      containerAriaLabel="Thông báo nhanh"
      toastOptions={{ closeButtonAriaLabel: 'Đóng thông báo' }}
    />
  );
}

/** App-wide providers; the toaster is mounted exactly once, here. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
