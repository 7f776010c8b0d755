import { Classes } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';

export interface BreadcrumbProps {
  readonly pathname: string;
}

/** 'You are here:' followed by the segments of the path (000 §2.1). */
export function Breadcrumb({ pathname }: BreadcrumbProps) {
  const segments = pathname.split('/').filter((s) => s !== '');
  return (
    <nav className="shell-breadcrumb" aria-label="Breadcrumb">
      <span className="shell-breadcrumb-label">{MSG.breadcrumbLabel}</span>
      <ul className={Classes.BREADCRUMBS}>
        {segments.map((segment, i) => {
          const last = i === segments.length - 1;
          return (
            // Segments may repeat ('/app/x/x'): the index keeps keys unique; the list never reorders.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <span
                className={last ? `${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}` : Classes.BREADCRUMB}
                aria-current={last ? 'page' : undefined}
              >
                {safeDecode(segment)}
              </span>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
