import { useTaskCount } from '../../machines/hooks';
import { HorizontalMenu } from './HorizontalMenu';
import { SidebarMenu } from './SidebarMenu';
import { useVisibleMenu } from './use-menu';
import './menu.css';

/** The four menu variants of 000 §2.7. */
export type MenuVariant = 'sidebar' | 'big-sidebar' | 'mega-menu' | 'top-menu';

export interface MainMenuProps {
  readonly variant: MenuVariant;
  /** The incomplete-task count for the My Tasks badge; defaults to the polled count of useTaskCount(). */
  readonly taskCount?: number;
  /** Runs after a menu link navigates (the small-screen drawer closes). */
  readonly onNavigate?: () => void;
}

/**
 * The main menu (000 §2.7) of the signed-in user, with the rules of 000 §6.2 (see `visibleMenu`): the patient-chart
 * group while a patient is open, then the titled groups, or one flat list for billers. The current page is
 * highlighted; My Tasks carries the incomplete-task badge. A navigation landmark named 'Main menu'.
 */
export function MainMenu({ variant, taskCount, onNavigate }: MainMenuProps) {
  const { menu, pathname } = useVisibleMenu();
  const polled = useTaskCount();
  if (!menu) return null;
  const count = taskCount ?? polled.count;
  return variant === 'sidebar' || variant === 'big-sidebar' ? (
    <SidebarMenu
      menu={menu}
      pathname={pathname}
      big={variant === 'big-sidebar'}
      taskCount={count}
      onNavigate={onNavigate}
    />
  ) : (
    <HorizontalMenu menu={menu} pathname={pathname} mega={variant === 'mega-menu'} taskCount={count} />
  );
}
