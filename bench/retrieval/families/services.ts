import type { Draft } from '../corpusTypes';
import { PEOPLE } from './people';
import type { Picker } from './random';
import { SERVICES, type Service } from './serviceData';

interface AlertKind {
  readonly suffix: string;
  readonly words: string;
  readonly when: string;
  readonly check: string;
  readonly fix: string;
}

const ALERTS: readonly AlertKind[] = [
  {
    suffix: 'HighErrorRate',
    words: 'high error rate',
    when: 'the 5xx rate stays above 2% for five minutes',
    check: 'the last deploy in #deploys and the error breakdown by route',
    fix: 'roll back the last deploy',
  },
  {
    suffix: 'QueueBacklog',
    words: 'queue backlog',
    when: 'more than 10,000 messages are waiting',
    check: 'whether the consumers are running at all',
    fix: 'scale the workers to twelve replicas',
  },
  {
    suffix: 'ReplicaLag',
    words: 'replica lag',
    when: 'the read replica falls more than 60 seconds behind',
    check: 'long-running queries on the replica',
    fix: 'take the replica out of the read pool',
  },
  {
    suffix: 'CertExpiry',
    words: 'certificate expiry',
    when: 'a TLS certificate expires within 14 days',
    check: 'cert-manager events in the namespace',
    fix: 'renew it by hand with certctl renew',
  },
  {
    suffix: 'DiskPressure',
    words: 'disk pressure',
    when: 'a volume is more than 85% full',
    check: 'which table or log directory grew overnight',
    fix: 'grow the volume by 50 GB in Terraform',
  },
  {
    suffix: 'ConsumerStalled',
    words: 'consumer stalled',
    when: 'no offsets were committed for ten minutes',
    check: "the consumer's logs for a poison message",
    fix: 'move the message to the dead-letter topic with the DLQ tool',
  },
  {
    suffix: 'LatencyBurn',
    words: 'latency budget burn',
    when: 'p99 latency is over budget for 30 minutes',
    check: 'slow downstream calls in the trace view',
    fix: 'switch on the degraded-mode flag',
  },
  {
    suffix: 'OOMKilled',
    words: 'out of memory kills',
    when: 'pods are restarted by the out-of-memory killer',
    check: 'the heap dashboard for a leak since the last deploy',
    fix: 'raise the memory limit for a day and open an incident',
  },
  {
    suffix: 'UpstreamThrottled',
    words: 'upstream throttling',
    when: 'the upstream provider answers with HTTP 429',
    check: "the provider's status page",
    fix: 'shift traffic to the secondary provider',
  },
  {
    suffix: 'JobMissed',
    words: 'missed job',
    when: 'a scheduled job did not run in its window',
    check: 'the job history in the Scheduler UI',
    fix: 'trigger the job by hand and note it in the channel',
  },
  {
    suffix: 'HealthFlapping',
    words: 'health check flapping',
    when: 'load balancer health checks fail on and off',
    check: 'pod readiness and the connection pool size',
    fix: 'cordon the noisy node',
  },
];

const NOISE: readonly string[] = [
  'the Monday 06:00 batch makes latency spike for a few minutes; ignore it unless it lasts past 06:20',
  'a synthetic check from the Frankfurt probe fails about once a week on its own',
  'error rates look doubled during the nightly load test between 02:00 and 02:30',
  'the staging copy of this alert posts into the same channel; check the environment label',
  'disk alerts during the weekly vacuum clear themselves within an hour',
];

const pascal = (slug: string) =>
  slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const pagerLine = (service: Service, team: string) =>
  `Team ${team} carries the ${service.name} pager. Escalate in #${service.slug}-${team.toLowerCase()} and, after 15 minutes without an answer, page the ${team} secondary through PagerDuty.`;

/** One on-call runbook per service; `oldTeam` makes the pager paragraph a stale trap. */
export function runbookDraft(service: Service, alerts: readonly AlertKind[], pick: Picker): Draft {
  const now = pagerLine(service, service.team);
  const alertParagraphs = alerts.map(
    (alert) =>
      `Alert ${pascal(service.slug)}${alert.suffix} fires when ${alert.when}. First look at ${alert.check}. If it has not recovered after ${pick.int(2, 6) * 5} minutes, ${alert.fix}.`,
  );
  return {
    path: `Engineering/Runbooks/${service.name} on-call.md`,
    text: [
      now,
      `${service.name} ${service.purpose}. Dashboards: "${service.name} overview" and "${service.name} golden signals" in Grafana.`,
      ...alertParagraphs,
      `To roll back, run deploy rollback ${service.slug} --to previous from #deploys. Never restart the ${service.store} primary by hand; ask Team Swift first.`,
      `Known noise: ${pick.pick(NOISE)}.`,
    ],
    stale: service.oldTeam ? [{ old: pagerLine(service, service.oldTeam), now }] : undefined,
    queries: runbookQueries(service, alerts, pick),
  };
}

function runbookQueries(service: Service, alerts: readonly AlertKind[], pick: Picker): Draft['queries'] {
  const name = service.name.toLowerCase();
  const queries: Array<Draft['queries'][number]> = [];
  if (service.oldTeam) {
    const old = service.oldTeam;
    queries.push({
      kind: 'stale-trap',
      query: pick.pick([
        `who carries the ${name} pager and where do I escalate`,
        `is the ${name} pager still with team ${old.toLowerCase()}?`,
        `${name} escalation channel, is it #${service.slug}-${old.toLowerCase()}?`,
        `who is oncall for ${name} right now`,
      ]),
    });
  }
  const alert = alerts[0];
  if (alert && pick.chance(0.4))
    queries.push({
      kind: 'content',
      query: pick.pick([
        `${pascal(service.slug)}${alert.suffix} fired, what do I do`,
        `${name} ${alert.words} alert first steps`,
        `got paged for ${pascal(service.slug)}${alert.suffix}`,
      ]),
    });
  if (pick.chance(0.15)) queries.push({ kind: 'title', query: `${name} on-call runbook` });
  return queries;
}

const servicePage = (service: Service, store: string) =>
  `${service.name} ${service.purpose}. It is written in ${service.lang} and keeps its data in ${store}${service.port ? `; the API listens on port ${service.port} inside the cluster` : ''}.`;

/** One overview page per service; `oldStore` makes the first paragraph a stale trap. */
export function serviceDraft(service: Service, pick: Picker): Draft {
  const others = pick.sample(
    SERVICES.filter((other) => other !== service),
    4,
  );
  const now = servicePage(service, service.store);
  const queries: Array<Draft['queries'][number]> = [];
  const name = service.name.toLowerCase();
  if (service.oldStore)
    queries.push({
      kind: 'stale-trap',
      query: pick.chance(0.5)
        ? `does ${name} still run on ${service.oldStore.toLowerCase()}?`
        : `what database is behind ${name}`,
    });
  else if (pick.chance(0.3))
    queries.push({
      kind: 'content',
      query: pick.pick([`which datastore and language does ${name} use`, `${name} port and database`]),
    });
  if (pick.chance(0.15)) queries.push({ kind: 'title', query: `what is ${name} for` });
  return {
    path: `Engineering/Services/${service.name}.md`,
    text: [
      now,
      `Owner: Team ${service.team}. Tech lead: ${pick.pick(PEOPLE)}. Product manager: ${pick.pick(PEOPLE)}.`,
      `Depends on ${others[0]?.name} and ${others[1]?.name}. Called by ${others[2]?.name} and ${others[3]?.name}.`,
      `SLOs: ${pick.pick(['99.9%', '99.95%', '99.5%'])} availability and p99 latency under ${pick.int(2, 12) * 50} ms, measured per calendar month.`,
      `Code lives in git.example.internal/platform/${service.slug}. Deploys go out ${pick.pick(['on every merge to main', 'twice a day from the release train', 'on Tuesdays and Thursdays', 'behind a canary that takes 20 minutes'])}.`,
    ],
    stale: service.oldStore ? [{ old: servicePage(service, service.oldStore), now }] : undefined,
    queries,
  };
}

/** Runbooks and overview pages for every service. */
export function serviceDrafts(pick: Picker): Draft[] {
  const drafts: Draft[] = [];
  for (const service of SERVICES) {
    drafts.push(runbookDraft(service, pick.sample(ALERTS, 2), pick));
    drafts.push(serviceDraft(service, pick));
  }
  return drafts;
}
