import type { Draft } from '../corpusTypes';
import { PEOPLE, TEAMS } from './people';
import { isoDay, type Picker } from './random';
import { SERVICES } from './serviceData';

const VERBS = ['move', 'freeze', 'split', 'retire', 'load-test', 'document', 'audit', 'rewrite', 'pause', 'migrate'];
const OBJECTS = [
  'the nightly export job',
  'the staging database',
  'the legacy admin pages',
  'the retry queue',
  'the old webhook endpoints',
  'the Android release pipeline',
  'the on-call handbook',
  'the image cache',
  'the checkout experiment',
  'the shared Redis cluster',
  'the partner sandbox',
  'the cost dashboard',
  'the search reindex cron',
  'the canary analysis step',
  'the SMS fallback provider',
  'the coupon admin tool',
  'the warehouse label printer service',
  'the feature flag cleanup',
  'the GraphQL prototype',
  'the invoice PDF renderer',
  'the Terraform state layout',
  'the mobile crash reporter',
  'the support macros',
  'the load balancer timeouts',
];
const WHEN = ['before the Black Friday freeze', 'by the end of the cycle', 'after the Kafka migration', 'next sprint'];
const UPDATES = [
  (s: string) => `${s} error rates are back to normal after last week's fix.`,
  (s: string) => `${s} p99 latency improved by a third after the connection pool change.`,
  (s: string) => `Migration of ${s} to the new cluster is about ${[30, 50, 70, 90][s.length % 4]}% done.`,
  (s: string) => `Two interviews this week for the backend role on ${s}.`,
  (s: string) => `${s} dashboards were moved to the new Grafana folder.`,
  (s: string) => `Flaky tests in ${s} are down to three; quarantine list is in the repo.`,
];

/** Weekly syncs per team, project check-ins and pager handovers: a large, noisy, realistic layer. */
export function meetingDrafts(pick: Picker, count: number): Draft[] {
  const decisions = new Set<string>();
  const drafts: Draft[] = [];
  for (let index = 0; index < count; index += 1) {
    const team = TEAMS[index % TEAMS.length] ?? TEAMS[0];
    if (!team) break;
    const day = isoDay(Math.floor(index / TEAMS.length) * 7 + pick.int(300, 302) + (index % 5));
    // Verb and object are unique per meeting, so a question naming them has exactly one answer.
    let action = '';
    while (!action || decisions.has(action)) action = `${pick.pick(VERBS)} ${pick.pick(OBJECTS)}`;
    decisions.add(action);
    drafts.push(weeklyDraft(team.name, day, action, `${action} ${pick.pick(WHEN)}`, pick));
  }
  return drafts;
}

function weeklyDraft(team: string, day: string, action: string, decision: string, pick: Picker): Draft {
  const own = SERVICES.filter((service) => service.team === team || service.oldTeam === team);
  const about = own.length > 0 ? pick.sample(own, 2) : pick.sample(SERVICES, 2);
  const updates = about.map((service) => pick.pick(UPDATES)(service.name));
  const handover = about.find((service) => service.oldTeam && pick.chance(0.3));
  if (handover?.oldTeam)
    updates.push(
      `Handover: the ${handover.name} pager moves from Team ${handover.oldTeam} to Team ${handover.team}; channel renamed from #${handover.slug}-${handover.oldTeam.toLowerCase()}.`,
    );
  const people = pick.sample(PEOPLE, pick.int(3, 6));
  const queries: Draft['queries'] = pick.chance(0.04)
    ? [{ kind: 'content', query: `when did team ${team.toLowerCase()} decide to ${action}` }]
    : [];
  return {
    path: `Meetings/Team ${team}/${day} ${team} weekly.md`,
    text: [
      `Attendees: ${people.join(', ')}. Notes by ${people[0]}.`,
      `Updates: ${updates.join(' ')}`,
      `Decision: we ${decision}. ${pick.pick(['Everyone agreed.', 'Two people had doubts; we revisit in a month.', 'Product signed off.', 'Needs a heads-up to support.'])}`,
      `Action items: ${people[1]} writes the plan; ${people[2]} tells the dependent teams; ${pick.pick(PEOPLE)} checks the dashboards on ${pick.pick(['Monday', 'Wednesday', 'Friday'])}.`,
    ],
    queries,
  };
}
