import { Card } from '@blueprintjs/core';

export interface StatusPageProps {
  readonly title: string;
  readonly text: string;
}

/** A page that only tells something: the maintenance and coming-soon pages (000 §2.6). */
function StatusPage({ title, text }: StatusPageProps) {
  return (
    <main className="public-page">
      <Card className="public-card" elevation={2}>
        <h1 className="public-title">{title}</h1>
        <p>{text}</p>
      </Card>
    </main>
  );
}

// The texts of 000 §2.1's /maintenance and /coming-soon (decisions.md "Texts the spec does not quote").

/** /maintenance (000 §2.1). */
export function MaintenancePage() {
  return (
    <StatusPage
      title="Under Maintenance"
      text="We are improving the application and will be back shortly. Please try again later."
    />
  );
}

/** /coming-soon (000 §2.1). */
export function ComingSoonPage() {
  return <StatusPage title="Coming Soon" text="This part of the application is not available yet." />;
}
