// The lint rule that keeps each server area's tables its own (scripts/lint-area-tables.js), run
// through ESLint with the project's config as `npm run lint` runs it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const ruleMessages = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((message) => message.ruleId === 'catalyst/area-tables')
    .map((message) => message.message);

describe('server areas read their own tables', () => {
  it("refuses another area's tables outside that area", async () => {
    expect(
      await ruleMessages('server/leads/lead-report.ts', "import { jobs } from '../jobs/job-tables';\nexport const table = jobs;\n"),
    ).toEqual(["server/leads reads server/jobs's tables: ask server/jobs's store instead."]);
    expect(
      await ruleMessages('server/leads/lead-report.ts', "import { jobs } from '@/server/jobs/job-tables';\nexport const table = jobs;\n"),
    ).toHaveLength(1);
  });

  it("allows an area's own tables, another area's queries, and a table file's foreign keys to another area", async () => {
    expect(
      await ruleMessages(
        'server/leads/lead-report.ts',
        "import { leadRequests } from './lead-request-tables';\nexport const table = leadRequests;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleMessages(
        'server/leads/lead-report.ts',
        "import { planOfSql } from '../accounts/account-queries';\nexport const plan = planOfSql;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleMessages(
        'server/leads/lead-notes-tables.ts',
        "import { accounts } from '../accounts/account-tables';\nexport const table = accounts;\n",
      ),
    ).toEqual([]);
  });
});
