/** The live form's chunk (TanStack Form, the schemas, libphonenumber): loaded on demand, once. */
export const loadLeadForm = () => import('../components/lead-form');
