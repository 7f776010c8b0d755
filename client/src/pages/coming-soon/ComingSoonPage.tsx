import { NonIdealState } from '@blueprintjs/core';

/** Props of {@link ComingSoonPage}. */
export interface ComingSoonPageProps {
  /** The screen's page title (000 §2.1, e.g. 'configure defaults'). */
  readonly title: string;
}

/** 'configure defaults' → 'Configure Defaults' (the shell's heading capitalises by CSS; a sentence cannot). */
function capitalised(title: string): string {
  return title.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * A route of 000 §2.2-2.4 whose screen is not built yet: says so honestly, naming the screen, instead of showing
 * something unrelated (decisions.md "Coming soon").
 */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  const name = capitalised(title);
  return (
    <NonIdealState
      icon="build"
      title={<h2 className="coming-soon-title">{name}</h2>}
      description={`Coming soon: ${name} is not available yet.`}
    />
  );
}
