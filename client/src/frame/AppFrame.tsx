import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { PRODUCT, pageTitle, showsTitle } from '@rpm/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../session/SessionProvider';
import { readTempLogin } from '../session/storage';
import { Breadcrumb } from './Breadcrumb';

/** Props of {@link AppFrame}. */
export interface AppFrameProps {
  /** The current page. */
  readonly children: ReactNode;
}

/**
 * The signed-in frame (000 §2.1, §2.7): a header with the product name, the page title, the user's name and
 * Logout; the 'You are here:' breadcrumb; then the page. Title and breadcrumb are hidden where 000 §2.1 says.
 * The logout button's text is not in the spec (000 §2.7 "logout"); we chose 'Logout'.
 */
export function AppFrame({ children }: AppFrameProps) {
  const [pathname] = useLocation();
  const { user, signOut } = useSession();
  const titled = showsTitle(pathname);
  return (
    <div className="frame">
      <Navbar className="frame-header">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading className="frame-product">{PRODUCT}</NavbarHeading>
          {titled && (
            <>
              <NavbarDivider />
              <h1 className="frame-title">{pageTitle(pathname)}</h1>
            </>
          )}
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          {/* 000 §2.7: the greeting with the user's name is hidden during a temporary login. */}
          {user && !readTempLogin() && <span className="frame-user">{user.name}</span>}
          <NavbarDivider />
          <Button variant="minimal" text="Logout" onClick={() => void signOut()} />
        </NavbarGroup>
      </Navbar>
      {titled && <Breadcrumb pathname={pathname} />}
      <main className="frame-body">{children}</main>
    </div>
  );
}
