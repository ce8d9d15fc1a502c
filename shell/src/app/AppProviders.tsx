import type { ReactNode } from 'react';
import { ChakraProvider } from '@portal/shared/chakra';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { pageSystem } from '@portal/shared/ui';

/** The providers around the router, the same in the browser and on the server (the trees must match). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ChakraProvider value={pageSystem}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ChakraProvider>
  );
}
