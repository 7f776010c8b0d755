import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { AppFrame } from './AppFrame';
import { OrganisationCard } from './OrganisationCard';

/** Props of {@link SignedInApp}. */
export interface SignedInAppProps {
  /** The path is unknown or not in the user's access list (000 §2.1): the frame shows the not-found variant. */
  readonly notFound: boolean;
}

/** Everything behind sign-in, as one lazily loaded chunk: the frame and the current page. */
export function SignedInApp({ notFound }: SignedInAppProps) {
  return <AppFrame>{notFound ? <NotFoundPage variant="frame" /> : <OrganisationCard />}</AppFrame>;
}
