// The dashboard test model, derived mechanically from the production machine with sample payloads
// where its guards need data: the selections a merchant makes (the same one again, another range,
// a filter), answers in the browser's zone and in the account's other zone, and the failures the view
// explains. Shared by the logic level (Vitest) and the UI level (Playwright).
import type { EventObject } from 'xstate';
import type { Dashboard } from '@/domain/dashboard';
import {
  dashboardMachine,
  defaultSelection,
  type DashboardFailure,
  type DashboardInput,
  type DashboardSelection,
} from '@/machines/dashboard';
import { sampleDashboard } from '../fixtures/sample-dashboard';
import { createTestModelFor, type EventSamples } from './model-harness';

/** The browser's zone, and the account's when it is another. */
export const BROWSER_ZONE = 'America/New_York';
export const ACCOUNT_ZONE = 'America/Sao_Paulo';

export const dashboardModelInput: DashboardInput = { selection: defaultSelection, browserZone: BROWSER_ZONE, currency: 'USD' };

/** Another range, and a custom one (both pickable on the screen). */
export const lastWeek: DashboardSelection = { ...defaultSelection, range: 'last_7_days' };
export const customRange: DashboardSelection = { ...defaultSelection, range: 'custom', custom: { from: '2026-11-01', to: '2026-11-10' } };

const done = (dashboard: Dashboard) => ({ type: 'xstate.done.actor.loadDashboard', output: dashboard });
const failed = (error: DashboardFailure) => ({ type: 'xstate.error.actor.loadDashboard', error });

export const dashboardSamples: EventSamples = {
  SELECT: [
    { type: 'SELECT', selection: defaultSelection },
    { type: 'SELECT', selection: lastWeek },
    { type: 'SELECT', selection: customRange },
  ],
  'xstate.done.actor.loadDashboard': [done(sampleDashboard(BROWSER_ZONE)), done(sampleDashboard(ACCOUNT_ZONE))],
  'xstate.error.actor.loadDashboard': [failed({ kind: 'offline' }), failed({ kind: 'not_found' })],
};

export function dashboardTestModel() {
  return createTestModelFor(dashboardMachine, { input: dashboardModelInput, samples: dashboardSamples });
}

const selectionName = (selection: DashboardSelection) => (selection.range === 'custom' ? 'custom' : selection.range);

export function dashboardPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '').replace('.actor.loadDashboard', '');
      if ('error' in e) return `${type}(${(e.error as DashboardFailure).kind})`;
      if ('output' in e) return `${type}(${(e.output as Dashboard).range.tz === ACCOUNT_ZONE ? 'account zone' : 'browser zone'})`;
      if ('selection' in e) return `${type}(${selectionName(e.selection as DashboardSelection)})`;
      return type;
    })
    .join(' → ');
}
