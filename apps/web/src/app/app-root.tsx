import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

/** Creates the router once, inside the providers, and renders it. */
export function AppRoot() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
