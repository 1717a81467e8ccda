import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PublicLayout } from './public-layout';

/** Every route of the app. Features own their pages; this file only places them. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <PublicLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
