// A schema's refusal as the wizards keep it: field → the message id of its first issue (the view
// translates the id). Shared by the AI base and inventory wizards.

/** What `safeParse` answers, as far as field errors go. */
export type ParseOutcome = { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export function fieldErrorsOf(result: ParseOutcome): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}
