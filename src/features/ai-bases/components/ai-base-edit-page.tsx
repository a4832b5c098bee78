import { getRouteApi } from '@tanstack/react-router';
import { AiBaseWizard } from './ai-base-wizard';

const editRoute = getRouteApi('/$lang/_app/ia-base/$id/');

/** `/ia-base/{id}`: the wizard for a saved base, resumed at its step. */
export function AiBaseEditPage() {
  const { id } = editRoute.useParams();
  // A new key per base: another base's address starts a fresh wizard.
  return <AiBaseWizard key={id} baseId={id} />;
}
