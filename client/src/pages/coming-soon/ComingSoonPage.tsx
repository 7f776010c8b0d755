import { Card, Icon } from '@blueprintjs/core';

export interface ComingSoonPageProps {
  /** The screen's page title (000 §2.1, e.g. 'configure defaults'). */
  readonly title: string;
}

/** 'configure defaults' → 'Configure Defaults' (the shell's heading capitalises by CSS; a sentence cannot). */
function capitalised(title: string): string {
  return title.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * A route of 000 §2.2-2.4 whose screen is not built yet says so, naming the screen
 * (decisions.md "List screen details").
 */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  const name = capitalised(title);
  return (
    <Card className="coming-soon">
      <Icon icon="build" size={32} aria-hidden />
      <h2>{name}</h2>
      <p>Coming soon: {name} is not available yet.</p>
    </Card>
  );
}
