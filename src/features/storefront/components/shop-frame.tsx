// The frame of every shopper's page: a header with the store's name (the page's one h1) and what
// the page puts beside it, the main content, and a footer with the privacy note.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

export function ShopFrame({ title, aside, children }: { title: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="shop">
      <header className="shop-header">
        <h1 className="shop-store">{title}</h1>
        {aside}
      </header>
      <main className="shop-main">{children}</main>
      <footer className="shop-footer">
        <p>
          <Trans>This page counts visits anonymously: no personal data or IP address is stored.</Trans>
        </p>
      </footer>
    </div>
  );
}
