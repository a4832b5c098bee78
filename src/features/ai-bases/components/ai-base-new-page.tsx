import { AiBaseWizard } from './ai-base-wizard';

/** `/ia-base`: the wizard for a new AI base. */
export function AiBaseNewPage() {
  return <AiBaseWizard baseId={null} />;
}
