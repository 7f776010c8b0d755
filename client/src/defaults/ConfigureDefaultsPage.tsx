import { Card, Menu, MenuItem } from '@blueprintjs/core';
import { seesConfigureDefaults, userMenuEntries } from '@rpm/shared';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';
import { readTempLogin } from '../session/storage';
import { useLinkClick } from '../shell/menu/use-menu';

/**
 * /app/configure-defaults (000 §2.2, §6.2): the hub of the defaults pages, linking each one the user's menu offers
 * (the same rules as the user menu; decisions.md "Configure Defaults hub"). Shown to lowest role 1, 5, 8, 13, or 6
 * when not a dentist.
 */
export function ConfigureDefaultsPage() {
  const { user } = useSession();
  const click = useLinkClick();
  if (!user) return null;
  if (!seesConfigureDefaults(user)) return <NotFoundPage variant="frame" />;
  const links = userMenuEntries(user, { tempLogin: readTempLogin() }).filter(
    (e) => e.kind === 'link' && e.key.endsWith('-defaults') && e.key !== 'configure-defaults',
  );
  return (
    <Card className="configure-defaults" aria-labelledby="configure-defaults-title">
      <h2 id="configure-defaults-title">Configure Defaults</h2>
      <Menu aria-labelledby="configure-defaults-title">
        {links.map((e) =>
          e.kind === 'link' ? (
            <MenuItem key={e.key} icon="cog" text={e.label} href={e.link} onClick={click(e.link)} />
          ) : null,
        )}
      </Menu>
    </Card>
  );
}
