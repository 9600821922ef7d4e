import type { Draft } from '../corpusTypes';

type HowTo = Draft;

/** Engineering how-tos, written by hand; a `stale` pair is a step that changed. */
export const HOW_TOS: readonly HowTo[] = [
  h(
    'Connect to the VPN',
    [
      'Install the WireGuard client from Self Service and import the profile from vpn.example.internal with your SSO login.',
      'The VPN is needed for staging, the admin consoles and the data warehouse; production is reached through the bastion, never directly.',
      'If the tunnel connects but nothing resolves, switch DNS to 10.20.0.2 in the profile.',
    ],
    [
      {
        old: 'Install the OpenVPN client (Tunnelblick on macOS) and import the .ovpn file IT emails you.',
        now: 'Install the WireGuard client from Self Service and import the profile from vpn.example.internal with your SSO login.',
      },
    ],
    [{ kind: 'stale-trap', query: 'where do I get the tunnelblick ovpn file for the vpn' }],
  ),
  h(
    'Rotate database credentials',
    [
      'Credentials for every PostgreSQL database come from Secrets vault and are rotated by running vault-rotate <service> in the ops toolbox.',
      'Rotation issues new credentials, waits until every pod has picked them up (the toolbox shows progress) and then revokes the old ones.',
      'Never paste credentials into chat or tickets. If a credential leaked, rotate first and then report it in #security-urgent.',
    ],
    undefined,
    [{ kind: 'content', query: 'command to rotate a service database password' }],
  ),
  h(
    'Add a feature flag',
    [
      'Create the flag in the Feature flags UI with an owner team and an expiry date; flags without an expiry are refused.',
      'Read it in code through the flags client; the default must be the safe value, because apps read defaults when the flag service is down.',
      'Remove the flag within two sprints after it reached 100%; the weekly flag report lists expired flags by team.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'how do I put a new toggle behind a switch in the code' }],
  ),
  h(
    'Request a new AWS account',
    [
      'New AWS accounts are created by Team Swift through the account vending pipeline. Open a request in the Platform board with the cost centre and the owning team.',
      'Accounts come with SSO, CloudTrail and budget alerts set up; do not create IAM users by hand.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'I need my own cloud sandbox account, who creates it' }],
  ),
  h(
    'Deploy a service',
    [
      'Merges to main build an image and deploy it to staging automatically. Promote to production with deploy promote <service> from #deploys once staging checks are green.',
      'Production deploys are frozen from 17:00 on Fridays until Monday 09:00 and during the December freeze, unless an incident commander approves.',
      'Every deploy posts to #deploys with the commit range and who promoted it.',
    ],
    [
      {
        old: 'Production deploys are frozen from 15:00 on Thursdays until Monday 09:00 and during the December freeze, unless an incident commander approves.',
        now: 'Production deploys are frozen from 17:00 on Fridays until Monday 09:00 and during the December freeze, unless an incident commander approves.',
      },
    ],
    [{ kind: 'stale-trap', query: 'can I deploy on thursday afternoon or is there a freeze' }],
  ),
  h(
    'Get read access to the data warehouse',
    [
      'Ask in the Access portal for the role warehouse-reader; Team Osprey approves within a working day. Access lasts 90 days.',
      'Query through the BigQuery console or the notebook server; exporting raw personal data to your laptop is not allowed.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'how can I run SQL on our analytics data' }],
  ),
  h(
    'Run the app locally',
    [
      'Clone the monorepo, run make bootstrap once, then make dev. The dev stack starts PostgreSQL, Redis and Kafka in Docker and seeds test data.',
      'Use the test cards from the Payments wiki; real cards are refused outside production.',
      'If ports clash, set DEV_PORT_OFFSET in your .env.local.',
    ],
    undefined,
    [{ kind: 'content', query: 'make bootstrap make dev local stack' }],
  ),
  h(
    'Write a postmortem',
    [
      'Copy the postmortem template into Engineering/Incidents with the date and a short name. Fill in summary, timeline, root cause, fix and action items.',
      'Postmortems are blameless: describe what the system allowed, not who made the mistake.',
      'Present it in the Thursday incident review within five working days.',
    ],
    undefined,
    [{ kind: 'title', query: 'how to write a postmortem' }],
  ),
  h(
    'Purge the CDN cache',
    [
      'Purge single paths with cdn purge <path> from the ops toolbox; a full purge needs approval in #cdn because the origin takes the whole load for ten minutes.',
      'Image paths are purged by surrogate key, which the Media resizer sets per product.',
    ],
    undefined,
    [{ kind: 'content', query: 'purge one path from the CDN' }],
  ),
  h(
    'Use the ops toolbox',
    [
      'The ops toolbox is a container with every CLI we use in production, already logged in through SSO. Start it with ops shell.',
      'Sessions are recorded for audit. The toolbox refuses commands against production without an open access grant.',
    ],
    undefined,
    [],
  ),
  h(
    'Set up commit signing',
    [
      'Commits to main must be signed. Generate an SSH signing key, add it to GitHub as a signing key and set gpg.format to ssh and commit.gpgsign to true.',
      'Unsigned commits are rejected by the branch protection rule.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'github says my commits are unverified, how to fix' }],
  ),
  h(
    'Add a new alert',
    [
      'Alerts are defined as code in the alerts repository, one file per service. Every alert needs a runbook link and a severity.',
      'Page only on symptoms customers feel; causes go to a ticket queue, not to the pager.',
      'Test the alert in staging with alertctl fire <name> before merging.',
    ],
    undefined,
    [{ kind: 'content', query: 'alertctl fire test an alert in staging' }],
  ),
  h(
    'Restore a database from backup',
    [
      'Point-in-time restores are done into a new instance, never over the existing one. Run db restore <service> --to <timestamp> in the ops toolbox.',
      'Backups are kept for 35 days. A restore of a 500 GB database takes about 40 minutes.',
      'Tell #incidents before you start, and get a second engineer to check the timestamp.',
    ],
    [
      {
        old: 'Backups are kept for 14 days. A restore of a 500 GB database takes about two hours.',
        now: 'Backups are kept for 35 days. A restore of a 500 GB database takes about 40 minutes.',
      },
    ],
    [{ kind: 'stale-trap', query: 'how many days of database backups do we keep' }],
  ),
  h(
    'Create a Kafka topic',
    [
      'Topics are declared in the kafka-topics repository with partitions, retention and an owning team; the pipeline applies them after review by Team Osprey.',
      'Default retention is seven days; compacted topics need a short justification in the pull request.',
    ],
    undefined,
    [{ kind: 'content', query: 'default retention for a new kafka topic' }],
  ),
  h(
    'Add a secret to a service',
    [
      'Write the secret into Secrets vault under kv/<service>/<name> with vault-put, then reference it in the service chart; pods read it at start-up.',
      'Secrets in environment variables of the CI are only for build-time tokens.',
    ],
    [
      {
        old: 'Write the secret into the sealed-secrets file in the service chart with kubeseal and commit it; pods read it at start-up.',
        now: 'Write the secret into Secrets vault under kv/<service>/<name> with vault-put, then reference it in the service chart; pods read it at start-up.',
      },
    ],
    [{ kind: 'stale-trap', query: 'do we still use kubeseal sealed secrets for service secrets' }],
  ),
  h(
    'Run a load test',
    [
      'Load tests run from the k6 runners in the load-test account against staging only. Book a slot in #load-testing so two tests never overlap.',
      'Ask the owners of every downstream service first; staging shares some of them with other teams.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'I want to hammer staging with traffic to see if it holds up' }],
  ),
  h(
    'Debug a slow endpoint',
    [
      'Start from the trace view in Grafana Tempo: filter by service and route, sort by duration and open the slowest trace.',
      'Most slow endpoints are an N+1 query or a missing index; the database dashboard lists the top queries by total time.',
    ],
    undefined,
    [{ kind: 'content', query: 'find slow traces in tempo' }],
  ),
  h(
    'Onboard a new partner',
    [
      'Partners get sandbox credentials from the Partner API console; production keys are issued after a test order has gone through end to end.',
      'Webhooks are registered per partner with a signing secret; partners must verify signatures.',
    ],
    undefined,
    [{ kind: 'paraphrase-ish', query: 'a new marketplace wants to integrate with us, what are the steps' }],
  ),
  h(
    'Upgrade a PostgreSQL major version',
    [
      'Major upgrades use logical replication to a new instance, then a switchover of a few seconds. Run the upgrade checklist in the ops toolbox: it checks extensions, replication slots and disk.',
      'Plan upgrades with Team Swift at least two weeks ahead; they happen on Tuesdays.',
    ],
    undefined,
    [],
  ),
  h(
    'Mirror production traffic to staging',
    [
      'The API gateway can copy a share of production requests to staging with personal data stripped. Ask Team Swift to enable mirroring for your route, at most 5% and for one day.',
      'Mirrored requests never write: the gateway turns POST and PUT into dry runs, so staging stays consistent.',
    ],
    undefined,
    [],
  ),
];

function h(title: string, text: string[], stale: Draft['stale'], queries: Draft['queries']): HowTo {
  return { path: `Engineering/How-to/${title}.md`, text, stale, queries };
}
