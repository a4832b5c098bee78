import { useParams } from '@tanstack/react-router';
import { AiBaseWizard } from './ai-base-wizard';

/** `/ia-base/{id}`: the wizard for a saved base, resumed at its step. */
export function AiBaseEditPage() {
  const { id } = useParams({ from: '/$lang/_app/ia-base/$id/' });
  // A new key per base: another base's address starts a fresh wizard.
  return <AiBaseWizard key={id} baseId={id} />;
}
