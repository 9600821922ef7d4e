import type { Draft } from '../corpusTypes';
import { PEOPLE } from './people';
import { isoDay, type Picker } from './random';

interface Decision {
  readonly title: string;
  readonly context: string;
  readonly decision: string;
  readonly consequence: string;
  readonly asked?: string;
}

const DECISIONS: readonly Decision[] = [
  d(
    'Use PostgreSQL by default',
    'teams picked a different database for every service',
    'new services use PostgreSQL unless a written case shows it cannot work',
    'one set of backups, upgrades and runbooks',
    'which database should a new service use',
  ),
  d(
    'Money as integer minor units',
    'floating-point amounts caused rounding bugs',
    'amounts are stored and sent as integer cents with an ISO currency code',
    'every API change that carries money is reviewed by Team Falcon',
    'should prices be floats or integers',
  ),
  d(
    'Kafka for domain events',
    'services called each other synchronously for notifications',
    'domain events go through Kafka with schemas in the registry',
    'consumers must be idempotent',
  ),
  d(
    'Monorepo for web and mobile',
    'shared code was copied between three repositories',
    'web, mobile and shared packages live in one repository with Nx',
    'one CI pipeline, longer but cached builds',
  ),
  d(
    'OpenTelemetry for tracing',
    'three tracing libraries were in use',
    'all services use OpenTelemetry SDKs and export to Tempo',
    'vendor-neutral instrumentation',
    'which tracing library do we standardise on',
  ),
  d(
    'Feature flags over long-lived branches',
    'release branches diverged for weeks',
    'unfinished work merges behind a flag; branches live at most three days',
    'flags must be cleaned up',
  ),
  d(
    'gRPC inside, REST outside',
    'internal APIs mixed styles',
    'service-to-service calls use gRPC; public and partner APIs stay REST with OpenAPI',
    'two toolchains to maintain',
  ),
  d(
    'Terraform for all infrastructure',
    'click-ops changes caused drift',
    'every cloud resource is declared in Terraform and applied by the pipeline',
    'console write access removed for humans',
    'can I create resources in the AWS console by hand',
  ),
  d(
    'Idempotency keys on payment APIs',
    'retries created duplicate charges',
    'every mutating payment request carries an idempotency key stored for 24 hours',
    'clients must keep the key across retries',
  ),
  d(
    'UTC everywhere in storage',
    'local times broke around daylight saving changes',
    'timestamps are stored in UTC and converted only at the edge',
    'reports must state the time zone',
  ),
  d(
    'Kubernetes namespaces per team',
    'one shared namespace made quotas meaningless',
    'each team gets namespaces per environment with quotas',
    'cross-team calls go through services, not pods',
  ),
  d(
    'Soft delete for customer content',
    'accidental deletes could not be undone',
    'customer-created content is soft-deleted and purged after 30 days',
    'queries must filter deleted rows',
  ),
  d(
    'Semantic versioning for internal libraries',
    'breaking changes arrived in minor releases',
    'internal libraries follow semver and publish changelogs',
    'Renovate opens upgrade pull requests weekly',
  ),
  d(
    'Async code review across time zones',
    'reviews waited for the author’s morning',
    'reviews are owned by the team, not a person, with a one-day answer target',
    'review rotation in each team',
  ),
  d(
    'Contract tests for partner APIs',
    'partners broke on undocumented changes',
    'consumer-driven contract tests run in CI for every partner-facing endpoint',
    'slower pipeline for the Partner API',
    'how do we stop breaking marketplaces with API changes',
  ),
  d(
    'Dark launches before big releases',
    'launches failed under real load',
    'large features run in production hidden from users for a week first',
    'double the load for that week',
  ),
  d(
    'One on-call rotation per team',
    'a central rotation paged people for services they never touched',
    'every team carries the pager for its own services',
    'teams with one service share a rotation',
  ),
  d(
    'Rust for hot paths only',
    'a rewrite wave was proposed',
    'Rust is used where latency or memory is the product (media, search); Go stays the default',
    'two hiring profiles',
  ),
  d(
    'Postmortems are public inside the company',
    'lessons stayed inside teams',
    'every postmortem is readable by all employees',
    'no names in blame positions',
  ),
  d(
    'Mobile releases every two weeks',
    'app releases were irregular',
    'the apps ship on a fixed two-week train with a code freeze on Wednesday',
    'hotfixes only for crashes and payments',
  ),
];

function d(title: string, context: string, decision: string, consequence: string, asked?: string): Decision {
  return { title, context, decision, consequence, asked };
}

/** Architecture decision records, numbered in order. */
export function decisionDrafts(pick: Picker): Draft[] {
  return DECISIONS.map((decision, index) => {
    const number = String(index + 12).padStart(3, '0');
    const queries: Draft['queries'] =
      decision.asked && pick.chance(0.6) ? [{ kind: 'paraphrase-ish', query: decision.asked }] : [];
    return {
      path: `Engineering/Decisions/ADR-${number} ${decision.title}.md`,
      text: [
        `Status: accepted on ${isoDay(pick.int(0, 650))}. Deciders: ${pick.sample(PEOPLE, 3).join(', ')}.`,
        `Context: ${decision.context}.`,
        `Decision: ${decision.decision}.`,
        `Alternatives considered: keeping things as they are, and ${pick.pick(['a vendor product', 'a lighter guideline per team', 'waiting for the next planning cycle', 'a pilot in one team first'])}; both were turned down in the architecture guild.`,
        `Consequences: ${decision.consequence}. Revisit when ${pick.pick(['the team count doubles', 'a second region goes live', 'the cost review next year', 'an incident shows it no longer holds'])}.`,
      ],
      queries,
    };
  });
}
