import type { QueryClient } from '@tanstack/react-query';

/**
 * After a purchase (a subscription, a program, a promo period): everything cached may show old
 * access. Data of pages not on screen (the academy's catalogue, a course) is dropped, so the next
 * page loads her new access instead of showing the old locks while it refetches; what is on
 * screen (the shell's user and subscription) is fetched again. Awaited before leaving the
 * checkout, "Ir a la academia" opens on the courses she just opened.
 */
export async function refreshAfterPurchase(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries();
}
