import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderInApp } from '../../../test/render-in-app';
import { RouteErrorBoundary } from './error';

const routerFailing = (error: Error) =>
  createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorBoundary />,
      lazy: async () => {
        throw error;
      },
    },
  ]);

describe('a page that fails', () => {
  it('says the page did not load when its code did not arrive, and offers a reload', async () => {
    // This tab reloaded itself a moment ago, so it does not reload again.
    window.sessionStorage.setItem('hackclass-reloaded-at', String(Date.now()));
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/lab.js');
    await renderInApp(<RouterProvider router={routerFailing(failed)} />);
    await expect
      .element(page.getByRole('heading', { name: 'This page did not load' }))
      .toBeVisible();
    await expect.element(page.getByText(/Check your internet connection/)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    expect(document.title).toContain('Page not loaded');
  });

  it('shows the 500 page for anything else', async () => {
    await renderInApp(<RouterProvider router={routerFailing(new Error('render failed'))} />);
    await expect
      .element(page.getByRole('heading', { name: 'Internal Server Error' }))
      .toBeVisible();
  });
});
